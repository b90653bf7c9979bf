import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts a whole text into a field at once, as a paste does: one input event instead of one per
 * character. For tests about what a form does with a value; a test about typing itself (a live
 * counter, a key) keeps `user.type`. Each typed character re-renders the form, and a long URL
 * typed into an MUI form in the test DOM took most of a test's time on a busy machine.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
