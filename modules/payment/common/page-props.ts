/* The props of the payment pages and islands (serialised into the page as JSON). */
import type { PayForm } from './pay-form';

export interface PayLinkFields {
  reference: string;
  /** The amount as signed, with the currency's decimals ("12.50"). */
  amount: string;
  currency_id: string;
  access_token: string;
}

export interface OfferedAcquirer {
  id: number;
  name: string;
  provider: string;
  environment: 'test' | 'prod';
  /** HTML written by administrators (sanitised when saved). */
  preMsg: string;
  form: PayForm;
  /** 'ask': the card form offers "Save my card"; 'always': it says the card will be saved. */
  saveToken: 'none' | 'ask' | 'always';
}

export interface SavedCardProps {
  id: number;
  name: string;
  brand: string;
  last4: string;
  holderName: string;
  expiry: string;
  acquirerId: number;
  acquirerName: string;
}

export interface PayPageProps {
  link: PayLinkFields;
  /** "12.50 EUR". */
  amountText: string;
  acquirers: OfferedAcquirer[];
  savedCards: SavedCardProps[];
  csrfToken: string;
  signedIn: boolean;
  loginUrl: string;
  alreadyPaid: boolean;
  /** The acquirer whose form is shown open (the one that failed, or asked for). */
  activeAcquirerId?: number;
  /** A refused or failed payment: the message (shown followed by 'Retry ? ') and the wrong fields. */
  error?: string;
  /** The error is a saved card's (shown by the saved cards' form, not the card form). */
  tokenFailed?: boolean;
  errors?: Record<string, string>;
  holderName?: string;
  testCards?: Record<string, string>;
}

export interface CardFormProps {
  /** Where the form posts without JavaScript. */
  action: string;
  /** Hidden fields posted with the card (the payment link and acquirer, or the acquirer and return URL). */
  hidden: Record<string, string>;
  csrfToken: string;
  /** 'pay': with JavaScript, the transaction and the card go as JSON calls; 'save': a plain post. */
  mode: 'pay' | 'save';
  provider: string;
  submitLabel: string;
  saveToken: 'none' | 'ask' | 'always';
  signedIn: boolean;
  error?: string;
  errors?: Record<string, string>;
  holderName?: string;
  idPrefix: string;
}

export interface StatusPageProps {
  reference: string;
  amountText: string;
  txId: number;
  txToken: string;
  status: { state: string; recall: boolean; tone: 'info' | 'success' | 'danger'; message: string };
  cardText: string;
}
