import type { ModuleManifest } from './manifest';

/** The name an administrator reads: the manifest's `displayName`, else the technical name in words (`event_sale` → `Event sale`). */
export function moduleDisplayName(manifest: Pick<ModuleManifest, 'name' | 'displayName'>): string {
  if (manifest.displayName) return manifest.displayName;
  const words = manifest.name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
