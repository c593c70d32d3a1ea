/*
 * The face of platform/http: routes (definition, typed params, reply), the request's identity, its
 * site and language, rate limits, safe redirects and fetches. Modules import `@platform/http`.
 */
export * from './route-definition';
export * from './reply';
export * from './contribution-points';
export * from './language-catalog';
export * from './login-url';
export * from './request-identity';
export * from './safe-fetch';
export * from './safe-redirect';
export * from './session';
export * from './site';
export * from './too-many-requests';
export type { MultipartLimits, UploadedFile } from './multipart-body';
export * from './user-directory';
export * from './visitor-country';
export { SiteService } from './site-service';
export { SiteCache, SiteCaches } from './site-caches';
export { TableReadCache } from './table-read-cache';
export { PublicPageCache } from './public-page-cache';
export { WriteSignal } from '@platform/db/write-signal';
export { loadDatabaseSecret } from './secret';
export { LANG_COOKIE, SESSION_COOKIE } from './pipeline';
export { AuthService } from './auth-service';
export { SessionStore } from './session-store';
export { RateLimiter } from './rate-limiter';
export { addressBucket } from './address-bucket';
export { acceptedEncoding } from './compression';
