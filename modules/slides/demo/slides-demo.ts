import crypto from 'node:crypto';
import { type DataRecord, ref } from '@platform/core';
import { utcText } from '@platform/common';
import { demoCover, demoInfographic, demoPdf, demoPoster } from './demo-files';

const daysAgo = (n: number) => utcText(Date.now() - n * 86_400_000);

function attachment(id: string, name: string, mimetype: string, bytes: Buffer): DataRecord {
  return {
    id, model: 'ir.attachment',
    values: { name, mimetype, public: false, res_model: 'slide.slide', file_size: bytes.length, checksum: crypto.createHash('sha256').update(bytes).digest('hex'), datas: bytes.toString('base64') },
  };
}

/**
 * "Getting started": a public channel with two PDF slides made at install (a presentation and a
 * document), an infographic and a YouTube video, in two categories with tags; and "Team handbook",
 * a private channel for employees, and "Partner resources", a partial channel (listed to everybody, the documents for employees). Dates spread so both relative and plain dates show.
 */
export async function slidesDemo(): Promise<DataRecord[]> {
  const tourPages = [
    { heading: 'Welcome', lines: ['A tour of the site in five slides'] },
    { heading: 'Pages', lines: ['Edit any page in place', 'Blocks for text, pictures and forms', 'Publish when ready'] },
    { heading: 'Community', lines: ['A forum with karma', 'Comments and ratings', 'Follow what matters to you'] },
    { heading: 'Slides', lines: ['Upload PDFs, pictures and videos', 'Vote, share by e-mail, embed anywhere'] },
    { heading: 'Next steps', lines: ['Sign in', 'Upload your first presentation', 'Share it with your team'] },
  ];
  const guidePages = [
    { heading: 'Slide channel guide', lines: ['How channels, categories and tags work'] },
    { heading: 'Channels', lines: ['Public: everybody sees the slides', 'Private: members of its groups only', 'Partial: listed, content for members'] },
    { heading: 'Uploading', lines: ['PDF or image, at most 25 MB', 'Password-protected PDFs are refused', 'Publishers may publish at once'] },
  ];
  const tourPdf = await demoPdf('A tour of the site', tourPages, true);
  const guidePdf = await demoPdf('Slide channel guide', guidePages, false);
  const infographic = await demoInfographic();
  const b64 = (b: Buffer) => b.toString('base64');
  return [
    { id: 'channel_getting_started', model: 'slide.channel', values: { name: 'Getting started', description: 'Presentations, documents and videos to learn the site.', visibility: 'public', promote_strategy: 'most_voted' } },
    { id: 'channel_handbook', model: 'slide.channel', values: { name: 'Team handbook', description: 'Internal documents for employees.', visibility: 'private', group_ids: [[6, 0, [ref('base.group_user')]]] } },
    { id: 'category_tutorials', model: 'slide.category', values: { name: 'Tutorials', channel_id: ref('slides.channel_getting_started'), sequence: 1 } },
    { id: 'category_reference', model: 'slide.category', values: { name: 'Reference', channel_id: ref('slides.channel_getting_started'), sequence: 2 } },
    { id: 'tag_beginner', model: 'slide.tag', values: { name: 'beginner' } },
    { id: 'tag_statistics', model: 'slide.tag', values: { name: 'statistics' } },
    attachment('attachment_tour', 'A tour of the site.pdf', 'application/pdf', tourPdf),
    attachment('attachment_guide', 'Slide channel guide.pdf', 'application/pdf', guidePdf),
    attachment('attachment_infographic', 'Visitors per month.png', 'image/png', infographic),
    {
      id: 'slide_tour', model: 'slide.slide',
      values: {
        name: 'A tour of the site', channel_id: ref('slides.channel_getting_started'), category_id: ref('slides.category_tutorials'), slide_type: 'presentation',
        description: 'Five slides on what the site does: pages, community, slides, and where to start.', mime_type: 'application/pdf', page_count: tourPages.length,
        attachment_id: ref('slides.attachment_tour'), image: b64(await demoCover('A tour of the site', 'A tour of the site in five slides', true)),
        index_content: tourPages.map((p) => [p.heading, ...p.lines].join('\n')).join('\n'), tag_ids: [[6, 0, [ref('slides.tag_beginner')]]],
        website_published: true, date_published: daysAgo(2), likes: 4, slide_views: 37,
      },
    },
    {
      id: 'slide_guide', model: 'slide.slide',
      values: {
        name: 'Slide channel guide', channel_id: ref('slides.channel_getting_started'), category_id: ref('slides.category_reference'), slide_type: 'document',
        description: 'Channels, visibility, uploading: the rules of this module in three pages.', mime_type: 'application/pdf', page_count: guidePages.length,
        attachment_id: ref('slides.attachment_guide'), image: b64(await demoCover('Slide channel guide', 'How channels, categories and tags work', false)),
        index_content: guidePages.map((p) => [p.heading, ...p.lines].join('\n')).join('\n'),
        website_published: true, date_published: daysAgo(30), likes: 2, slide_views: 18,
      },
    },
    {
      id: 'slide_infographic', model: 'slide.slide',
      values: {
        name: 'Visitors per month', channel_id: ref('slides.channel_getting_started'), category_id: ref('slides.category_reference'), slide_type: 'infographic',
        description: 'The first half-year of the site, in one picture.', mime_type: 'image/png', page_count: 1, attachment_id: ref('slides.attachment_infographic'),
        image: b64(infographic), tag_ids: [[6, 0, [ref('slides.tag_statistics')]]], website_published: true, date_published: daysAgo(10), slide_views: 9,
      },
    },
    {
      id: 'slide_video', model: 'slide.slide',
      values: {
        name: 'Open-source software in five minutes', channel_id: ref('slides.channel_getting_started'), category_id: ref('slides.category_tutorials'), slide_type: 'video',
        description: 'A short video introduction (played from YouTube).', url: 'https://www.youtube.com/watch?v=a8Ob3wrd8ik', document_id: 'a8Ob3wrd8ik',
        image: b64(await demoPoster('Open-source software in five minutes')), tag_ids: [[6, 0, [ref('slides.tag_beginner')]]],
        website_published: true, date_published: daysAgo(0.2), slide_views: 5,
      },
    },
    attachment('attachment_handbook', 'Team handbook.pdf', 'application/pdf', await demoPdf('Team handbook', [
      { heading: 'Team handbook', lines: ['For employees only'] },
      { heading: 'Holidays', lines: ['Ask two weeks ahead', 'Tell your team'] },
    ], false)),
    {
      id: 'slide_handbook', model: 'slide.slide',
      values: {
        name: 'Team handbook', channel_id: ref('slides.channel_handbook'), slide_type: 'document', mime_type: 'application/pdf', page_count: 2,
        attachment_id: ref('slides.attachment_handbook'), image: b64(await demoCover('Team handbook', 'For employees only', false)),
        description: 'How we work together.', website_published: true, date_published: daysAgo(3),
      },
    },
    // Partial: listed to everybody with its slides' descriptions; the documents themselves are for employees.
    {
      id: 'channel_partners', model: 'slide.channel',
      values: {
        name: 'Partner resources', description: 'Listed for everybody; the documents are for the team.', visibility: 'partial',
        group_ids: [[6, 0, [ref('base.group_user')]]], access_error_msg: 'Sign in with a team account to read this document.',
      },
    },
    attachment('attachment_prices', 'Price list.pdf', 'application/pdf', await demoPdf('Price list', [
      { heading: 'Price list', lines: ['For partners'] },
      { heading: 'Plans', lines: ['Starter', 'Team', 'Enterprise'] },
    ], true)),
    {
      id: 'slide_prices', model: 'slide.slide',
      values: {
        name: 'Price list', channel_id: ref('slides.channel_partners'), slide_type: 'presentation', mime_type: 'application/pdf', page_count: 2,
        attachment_id: ref('slides.attachment_prices'), image: b64(await demoCover('Price list', 'For partners', true)),
        description: 'Our plans and their prices, for partners.', website_published: true, date_published: daysAgo(1),
      },
    },
  ];
}
