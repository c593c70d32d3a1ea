import OperatorChats from '../islands/operator-chats';

/** Where an operator answers visitors (`/im_livechat/operator`): its conversations as chat windows. */
export function OperatorPage({ title }: { title: string }) {
  return (
    <section className="o_livechat_operator_page">
      <h1>{title}</h1>
      <OperatorChats />
    </section>
  );
}
