/*
 * The platform's e-mail patterns, one module for the server and the browser, so a widget's check and
 * the server's are the same text.
 */

/** An address the platform stores and sends mail to (the original platform's single-address rule). */
export const EMAIL_RE = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,63}$/;

/**
 * The widgets' rule from the spec: some text, an at-sign, some text, no spaces. The server applies it
 * where the spec asks for nothing more (following a record by e-mail), else EMAIL_RE.
 */
export const LOOSE_EMAIL_RE = /^[^\s@]+@[^\s@]+$/;
