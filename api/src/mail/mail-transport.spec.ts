import { sendFailureOf } from './mail-transport';

test('an SMTP 5xx refusal is permanent; connection failures and 4xx answers are worth another try', () => {
  expect(sendFailureOf(Object.assign(new Error('Can\'t send mail - all recipients were rejected: 550 no such user'), { code: 'EENVELOPE', responseCode: 550 }))).toEqual({
    message: 'EENVELOPE 550 Can\'t send mail - all recipients were rejected: 550 no such user',
    permanent: true,
  });
  expect(sendFailureOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }))).toEqual({ message: 'ESOCKET connect ECONNREFUSED 127.0.0.1:1', permanent: false });
  expect(sendFailureOf(Object.assign(new Error('Greylisted'), { code: 'EENVELOPE', responseCode: 451 })).permanent).toBe(false);
  expect(sendFailureOf('odd').message).toBe('odd');
  expect(sendFailureOf(new Error('x'.repeat(2000))).message).toHaveLength(500);
});
