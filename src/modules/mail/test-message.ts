import type { MailMessage } from './message.ts';

/** The message an administrator sends to check the SMTP settings. */
export function testMessage(to: string): MailMessage {
  return {
    to,
    subject: 'Test message from the calendar',
    text: 'This is a test message from the calendar. E-mail works: the SMTP server accepted it.\n',
    html: '<p>This is a test message from the calendar. E-mail works: the SMTP server accepted it.</p>',
    reference: 'test',
  };
}
