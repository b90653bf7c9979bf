/**
 * A message for the next page after a navigation (「ログアウトしました。」 on the top page).
 * Kept in memory only, so a reload never shows it again.
 */
export interface FlashMessage {
  id: number;
  text: string;
  severity: 'success' | 'info';
}

type Listener = () => void;

let current: FlashMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showFlash(text: string, severity: FlashMessage['severity'] = 'success'): void {
  current = { id: nextId, text, severity };
  nextId += 1;
  emit();
}

export function dismissFlash(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

export function readFlash(): FlashMessage | null {
  return current;
}

export function subscribeFlash(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
