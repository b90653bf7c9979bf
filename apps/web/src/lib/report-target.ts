import type { ReportCreateBody } from '@ekispot/shared';

/**
 * 「報告する」 (docs/moderation.md#screens). The posts, people and lists features show the menu
 * item; the reports feature owns the dialog. Features do not import each other
 * (docs/conventions.md#layers-and-boundaries), so the page hands each of them an `OpenReport`.
 */
export type ReportTarget = ReportCreateBody['target'];
export type OpenReport = (target: ReportTarget) => void;

/**
 * Whether a viewer may report an item: signed-in members only (a visitor, or a session still
 * loading, is `null` or `undefined`), and never on their own item (the API refuses it, 422).
 */
export function canReport(viewerId: string | null | undefined, ownerId: string): boolean {
  return typeof viewerId === 'string' && viewerId !== ownerId;
}
