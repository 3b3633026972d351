import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/common';

const read = (body: unknown) => errorBodySchema.parse(body);

describe("the service's error body", () => {
  it('reads the documented shape as it is', () => {
    expect(read({ code: 'invalid_parameters', message: 'Bad', details: ['token_expired'] })).toMatchObject({
      code: 'invalid_parameters',
      message: 'Bad',
      details: ['token_expired'],
    });
  });

  it('keeps the code when the reasons come as an object, and reads each reason with its field', () => {
    const body = read({ code: 'invalid_parameters', details: { recipient_eia: ['is invalid'], sum: 'must be a number' } });
    expect(body.code).toBe('invalid_parameters');
    expect(body.details).toEqual(['recipient_eia: is invalid', 'sum: must be a number']);
  });

  it('reads a list of reason objects and drops what is no reason at all', () => {
    expect(read({ code: 'x', details: [{ field: 'name', message: 'too short' }, { reason: 'token_expired' }] }).details).toEqual([
      'name: too short',
      'token_expired',
    ]);
    expect(read({ code: 'x', message: 5, details: true })).toMatchObject({ code: 'x', details: [] });
  });
});
