/** What to show or log of a caught value: an Error's message, or the value as text (a rejected string, a number). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
