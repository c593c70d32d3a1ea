/** The widget's own check (spec): some text, an at-sign, some text. The server checks more strictly. */
export const LOOSE_EMAIL = /^[^@\s]+@[^@\s]+$/;
