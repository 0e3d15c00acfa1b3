/**
 * The personal answers (the postcode and the dates of birth behind the privacy notice) that the person gave, or saw
 * and left, editable in this tab, by calculation. Back to their page shows them answered and editable in place: the
 * notice is for someone opening a calculation afresh, not for the person who has just typed them (spec 000: "except
 * ... once the user has edited"). Held in memory only, never stored: a reload or another tab shows the notice again.
 */
const answeredHere = new Map<string, Set<string>>();

/** Remember that these questions of this calculation were answered in the open in this tab. */
export function rememberAnsweredHere(session: string | null, names: readonly string[]): void {
  if (!session || names.length === 0) return;
  const held = answeredHere.get(session) ?? new Set<string>();
  for (const name of names) held.add(name);
  answeredHere.set(session, held);
}

/** Whether this question of this calculation was answered in the open in this tab. */
export function wasAnsweredHere(session: string | null, name: string): boolean {
  return session !== null && (answeredHere.get(session)?.has(name) ?? false);
}

/** For tests: forget everything, as a new tab would. */
export function forgetAnsweredHere(): void {
  answeredHere.clear();
}
