/** What the pay page shows for an acquirer (see PaymentProvider.payForm on the server). */
export type PayForm =
  | { kind: 'card_form' }
  | { kind: 'button'; label: string }
  | { kind: 'redirect'; label: string }
  | { kind: 'hosted_fields'; scriptUrl: string; config: Record<string, string> };
