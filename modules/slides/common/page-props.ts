/* The props of the slides' pages and islands (types only: both sides import them). */
import type { SlideType } from './slide-constants';

export interface SlideCard {
  id: number;
  name: string;
  url: string;
  imageUrl: string | null;
  slideType: SlideType;
  views: number;
  likes: number;
  dislikes: number;
  /** "3 days ago", or the date for anything older than 7 days. */
  date: string;
  published: boolean;
  description: string;
}

export interface ChannelCard {
  id: number;
  name: string;
  url: string;
  description: string;
  visibility: string;
  total: number;
  counts: Record<SlideType, number>;
}

export interface Choice {
  id: number;
  name: string;
  count?: number;
}

export interface ChannelPageProps {
  channel: ChannelCard;
  categories: Choice[];
  tags: Choice[];
  slides: SlideCard[];
  promoted: SlideCard | null;
  total: number;
  page: number;
  pageCount: number;
  query: { sorting: string; search: string; category?: number; tag?: number; slide_type?: string };
  canUpload: boolean;
  canPublish: boolean;
}

export interface SlideActionsProps {
  slideId: number;
  slideName: string;
  likes: number;
  dislikes: number;
  /** 1, -1, or 0: the signed-in caller's vote. */
  myVote: number;
  signedIn: boolean;
  loginUrl: string;
  pageCount: number;
  /** Absolute URL of the site, for the embed code and the share links. */
  baseUrl: string;
  /** The embed code is offered for PDF-based slides and videos. */
  embeddable: boolean;
  /** A video's own player (its embed code has no page number); null for a PDF (this site's embed page). */
  embedUrl: string | null;
  shareCount: number;
  csrfToken: string;
  slideUrl: string;
  /** After a form post without JavaScript: what happened. */
  notice?: 'voted' | 'already_voted' | 'mail_sent';
  /** A refused share form (no JavaScript): the address typed and its message. */
  email?: string;
  emailError?: string;
}

export interface UploadDialogProps {
  channelId: number;
  channelName: string;
  canPublish: boolean;
  categories: Choice[];
  tags: Choice[];
}

export interface PdfViewerProps {
  url: string;
  title: string;
  initialPage: number;
  /** The embed page: fills its frame, links back to the slide. */
  embedded?: boolean;
  slideUrl?: string;
}
