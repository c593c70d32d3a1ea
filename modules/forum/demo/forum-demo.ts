import { type DataRecord, ref } from '@platform/core';

const user = (key: string, name: string, karma: number): DataRecord[] => [
  { id: `partner_${key}`, model: 'res.partner', values: { name, email: `${key}@example.com` } },
  { id: `user_${key}`, model: 'res.users', values: { name, login: `forum_${key}`, email: `${key}@example.com`, partner_id: ref(`forum.partner_${key}`), karma, groups_id: [[6, 0, [ref('base.group_portal')]]] } },
];

/**
 * The "Help" forum (the first forum of a fresh database: `/forum/help-1`), users at several karma
 * levels (a newcomer, a regular with the editor karma, a moderator; the administrator moderates too),
 * questions, answers, tags and votes.
 */
export function forumDemo(): DataRecord[] {
  return [
    {
      id: 'forum_help', model: 'forum.forum',
      values: {
        name: 'Help', description: 'Questions and answers about this site.',
        welcome_message: '<p>This community is for people who use this site. Ask a question, answer one, and earn karma when others vote for your answers.</p>',
        faq: '<p>Ask one precise question per post, search before asking, and be kind.</p>',
      },
    },
    // The administrator moderates the demo forum (the original platform seeds 2500 karma).
    { id: 'base.user_admin', model: 'res.users', values: { karma: 2500 } },
    ...user('newcomer', 'Nora Newcomer', 5),
    ...user('regular', 'Rafael Regular', 120),
    ...user('moderator', 'Mona Moderator', 1200),
    { id: 'tag_account', model: 'forum.tag', values: { name: 'account', forum_id: ref('forum.forum_help'), posts_count: 1 } },
    { id: 'tag_pages', model: 'forum.tag', values: { name: 'pages', forum_id: ref('forum.forum_help'), posts_count: 1 } },
    {
      id: 'question_password', model: 'forum.post',
      values: {
        forum_id: ref('forum.forum_help'), name: 'How do I change my password?', post_type: 'question',
        content: '<p>I would like to choose a new password for my account. Where is that done?</p>',
        plain_content: 'I would like to choose a new password for my account. Where is that done?',
        tag_ids: [[6, 0, [ref('forum.tag_account')]]], child_count: 1, vote_count: 1, has_validated_answer: true, views: 12,
      },
    },
    {
      id: 'answer_password', model: 'forum.post',
      values: {
        forum_id: ref('forum.forum_help'), parent_id: ref('forum.question_password'), post_type: 'question', is_correct: true, vote_count: 1,
        content: '<p>Open <strong>My account</strong> from the user menu, then <em>Change password</em>.</p>',
        plain_content: 'Open My account from the user menu, then Change password.',
      },
    },
    { id: 'vote_question_password', model: 'forum.post.vote', values: { post_id: ref('forum.question_password'), user_id: ref('forum.user_regular'), vote: '1', forum_id: ref('forum.forum_help') } },
    { id: 'vote_answer_password', model: 'forum.post.vote', values: { post_id: ref('forum.answer_password'), user_id: ref('forum.user_moderator'), vote: '1', forum_id: ref('forum.forum_help') } },
    {
      id: 'question_pages', model: 'forum.post',
      values: {
        forum_id: ref('forum.forum_help'), name: 'Can I add my own pages?', post_type: 'question',
        content: '<p>Is there a way to add a page with my own text and pictures?</p>',
        plain_content: 'Is there a way to add a page with my own text and pictures?',
        tag_ids: [[6, 0, [ref('forum.tag_pages')]]], views: 3,
      },
    },
    {
      id: 'question_unanswered', model: 'forum.post',
      values: {
        forum_id: ref('forum.forum_help'), name: 'Which browsers are supported?', post_type: 'discussion',
        content: '<p>Does the site work on older phones?</p>', plain_content: 'Does the site work on older phones?',
      },
    },
  ];
}
