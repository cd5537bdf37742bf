import { describe, expect, it } from 'vitest';
import { isHttpError, serverMessage, serverProblem } from './server-message';

// apiRequest's errors, as it throws them for an answer that is not OK.
const answered = (status: number, body: string) => new Error(`${status}: ${body}`);

describe('a refusal read from the server', () => {
  it('carries the field the server names, beside its message', () => {
    const error = answered(400, JSON.stringify({ message: 'Please enter a valid email address', field: 'email' }));
    expect(serverProblem(error)).toEqual({ message: 'Please enter a valid email address', field: 'email' });
    expect(serverMessage(error)).toBe('Please enter a valid email address');
  });

  it('names no field when the server names none, or names it with something other than text', () => {
    expect(serverProblem(answered(409, JSON.stringify({ message: 'Changed by someone else.' })))).toEqual({
      message: 'Changed by someone else.',
    });
    expect(serverProblem(answered(400, JSON.stringify({ message: 'No.', field: 42 })))).toEqual({ message: 'No.' });
    expect(serverProblem(answered(400, JSON.stringify({ message: 'No.', field: '' })))).toEqual({ message: 'No.' });
  });

  it('falls back to the form’s own words without a message from the server', () => {
    expect(serverProblem(answered(502, 'Bad Gateway'), 'Please try again later')).toEqual({ message: 'Please try again later' });
    expect(serverProblem(answered(400, JSON.stringify({ field: 'email' })))).toEqual({ message: 'Please try again.' });
    expect(serverProblem(new TypeError('Failed to fetch'))).toEqual({ message: 'Please try again.' });
    expect(serverProblem('not an error')).toEqual({ message: 'Please try again.' });
    expect(serverMessage(answered(500, 'down'))).toBeNull();
  });

  it('tells an answer from a network failure', () => {
    expect(isHttpError(answered(400, '{}'))).toBe(true);
    expect(isHttpError(new TypeError('Failed to fetch'))).toBe(false);
  });
});
