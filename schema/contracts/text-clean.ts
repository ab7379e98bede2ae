/** The C0-control rule of text.ts (docs/api.md "Ids and text fields"), Zod-free for validators without Zod. */
// eslint-disable-next-line no-control-regex -- these are the characters the rule is about
const BREAK_CONTROLS = /[\u000b\u000c]/g;
// eslint-disable-next-line no-control-regex -- these are the characters the rule is about
const OTHER_C0_CONTROLS = /[\u0000-\u0008\u000e-\u001f]/g;

/** The text without C0 controls: vertical tabs and form feeds become line feeds, the rest go. */
export function withoutControls(value: string): string {
  return value.replace(BREAK_CONTROLS, '\n').replace(OTHER_C0_CONTROLS, '');
}
