/**
 * The test provider's documented card numbers (any expiry in the future, any security code, any name).
 * Every other valid number is approved. Shared so the pay page can list them in test mode.
 */
export const TEST_CARDS = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Stays pending until the delay passed (PAYMENT_TEST_PENDING_MS, 5 s by default), then done. */
  pending: '4000 0000 0000 0077',
  /** The processor fails: the transaction ends in error. */
  error: '4000 0000 0000 0119',
} as const;
