import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DIALECT, freshDatabase, type TestDatabase } from '../fixtures/app.ts';
import { startServer, type ServerProcess } from '../fixtures/server-process.ts';
import { startSmtp, type LocalSmtp } from '../fixtures/smtp.ts';
import { until } from '../fixtures/wait.ts';
import { callNode, WEBHOOK_ADMIN_PASSWORD } from '../fixtures/webhook-process.ts';

/*
 * The e-mail outbox across `serve` processes (decision 0112), against a real SMTP server in this
 * process: a node killed (SIGKILL) while its message is being sent leaves a lease that expires,
 * and the restarted node sends the message, once; two nodes on one database send each message
 * once, by one node or the other.
 * MAIL_TWO_NODES_MESSAGES sets the number of messages (60 by default, for a loaded 2-core machine).
 */

const MESSAGES = Number(process.env.MAIL_TWO_NODES_MESSAGES ?? 60);

interface Listed {
  readonly id: number;
  readonly status: string;
  readonly message_id: string;
  readonly attempts: number;
}

function mailServerEnv(databaseUrl: string, smtp: LocalSmtp, timeoutSeconds: number): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    CALENDAR_ADMIN_PASSWORD: WEBHOOK_ADMIN_PASSWORD,
    CALENDAR_SMTP_URL: smtp.url,
    CALENDAR_MAIL_FROM: 'Springfield Arts <calendar@springfield.example>',
    CALENDAR_MAIL_POLL_INTERVAL: '0.1',
    CALENDAR_MAIL_TIMEOUT: String(timeoutSeconds),
    CALENDAR_MAIL_RETRY_DELAYS: '0.2,0.5,1,2',
  };
}

/** The outbox as a node lists it (every message: the tests write fewer than a page). */
async function outbox(node: ServerProcess): Promise<Listed[]> {
  const answer = await callNode(node, 'GET', 'mail/outbox?per_page=100');
  assert.equal(answer?.status, 200, JSON.stringify(answer?.body));
  return answer.body.messages as Listed[];
}

describe(`e-mail across service processes (${DIALECT})`, () => {
  let database: TestDatabase;
  let smtp: LocalSmtp;
  const nodes: ServerProcess[] = [];

  before(async () => {
    database = await freshDatabase();
    smtp = await startSmtp();
  });
  after(async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    await smtp.close();
    await database.drop();
  });

  test(
    'a node killed while its message is being sent: the restarted node sends it after the lease, once',
    { timeout: 60_000 },
    async () => {
      const env = mailServerEnv(database.url, smtp, 1);
      // The server takes the message's data and never answers: the send is under way when the node dies.
      smtp.answer('hold');
      const first = await startServer(env);
      const written = await callNode(first, 'POST', 'mail/test', { to: 'crash@example.org' });
      assert.equal(written?.status, 202, JSON.stringify(written?.body));
      const messageId = String(written.body.message_id);
      await until('the send under way', () => smtp.offered() >= 1);
      await first.kill();
      smtp.answer('accept');
      const restarted = await startServer(env);
      nodes.push(restarted);
      await until(
        'sent after the restart',
        async () => (await outbox(restarted)).find((listed) => listed.message_id === messageId)?.status === 'sent',
        30_000,
      );
      assert.equal(smtp.received.filter((mail) => mail.parsed.messageId === messageId).length, 1, 'arrived once');
      await restarted.kill();
      nodes.pop();
    },
  );

  test(`two nodes on one database send each of ${MESSAGES} messages once`, { timeout: 180_000 }, async () => {
    // The production attempt timeout: on SQLite a node waiting for the other's write lock is blocked
    // whole, and an answer read after a short timer would be counted a failure and sent again (at
    // least once, as designed, but not the double claim this test looks for).
    const env = mailServerEnv(database.url, smtp, 30);
    nodes.push(await startServer(env), await startServer(env));
    const before = smtp.received.length;
    const ids = new Set<string>();
    for (let index = 0; index < MESSAGES; index++) {
      const written = await callNode(nodes[index % 2]!, 'POST', 'mail/test', { to: `guest${index}@example.org` });
      assert.equal(written?.status, 202, JSON.stringify(written?.body));
      ids.add(String(written.body.message_id));
    }
    await until(
      'every message sent',
      async () =>
        (await outbox(nodes[0]!)).filter((listed) => ids.has(listed.message_id) && listed.status === 'sent').length ===
        MESSAGES,
      120_000,
    );
    const received = smtp.received.slice(before).map((mail) => mail.parsed.messageId ?? '');
    assert.equal(received.length, MESSAGES, 'as many messages arrived as were written');
    assert.deepEqual(new Set(received), ids, 'each written message arrived, once');
    const byNode = (await outbox(nodes[1]!)).filter((listed) => ids.has(listed.message_id));
    assert.ok(
      byNode.every((listed) => listed.attempts === 1),
      'no message needed a second attempt',
    );
  });
});
