import type { ReactNode } from 'react';

/**
 * A wide table's box, which scrolls sideways on a phone. Keyboard users can only scroll what they can
 * focus, so it is a focusable region with a name (axe: scrollable-region-focusable), focus ring included.
 */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`table-responsive scroll-region ${className}`.trim()} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
