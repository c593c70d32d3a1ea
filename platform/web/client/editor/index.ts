/* The browser face of the shared rich-text editor (tiptap): loaded only by the islands that edit. */
export * from './rich-text-editor';
export * from './upload-image';
