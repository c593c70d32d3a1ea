import { ModalDialog, useT } from '@platform/web/client';

export interface EditorBlock {
  id: string;
  name: string;
  category: string;
  html: string;
  /** A dynamic block whose options an island of its module sets (see BLOCK_OPTIONS_EVENT). */
  configurable?: boolean;
}

const CATEGORIES: Array<[string, string]> = [['intro', 'Introduction'], ['content', 'Content'], ['action', 'Call to action'], ['dynamic', 'Live content']];

/** The theme's blocks by category; choosing one inserts it at the cursor. */
export function BlockDialog({ open, blocks, onClose, onPick }: { open: boolean; blocks: EditorBlock[]; onClose: () => void; onPick: (b: EditorBlock) => void }) {
  const _t = useT();
  return (
    <ModalDialog open={open} title={_t('Insert a block')} onClose={onClose}>
      {CATEGORIES.map(([category, label]) => {
        const inCategory = blocks.filter((b) => b.category === category);
        if (!inCategory.length) return null;
        return (
          <section key={category} className="mb-3" aria-label={_t(label)}>
            <h3 className="h6 text-body-secondary">{_t(label)}</h3>
            <div className="d-flex flex-wrap gap-2">
              {inCategory.map((b) => (
                <button key={b.id} type="button" className="btn btn-outline-primary block-choice" data-block={b.id} onClick={() => onPick(b)}>{b.name}</button>
              ))}
            </div>
          </section>
        );
      })}
    </ModalDialog>
  );
}
