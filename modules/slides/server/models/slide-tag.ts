import { defineModel, fields } from '@platform/orm';

export const TAG_MODEL = 'slide.tag';

/** A tag of slides, unique by name across channels. */
export const SlideTag = defineModel({
  name: TAG_MODEL,
  description: 'Slide tag',
  order: 'name, id',
  fields: {
    name: fields.char({ required: true, size: 64, string: 'Name' }),
  },
  duplicateMessage: () => 'A tag of that name already exists.',
});
