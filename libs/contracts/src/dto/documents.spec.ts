import { createTextSummarySchema, MAX_PASTED_TEXT } from './documents';

describe('createTextSummarySchema', () => {
  it('says how much text can be pasted and what to do with more', () => {
    const issue = createTextSummarySchema.safeParse({ text: 'x'.repeat(MAX_PASTED_TEXT + 1) }).error?.issues[0];
    expect(issue?.message).toBe('The text is too long to paste (at most 1,000,000 characters); save it as a text file and upload that instead');
    expect(createTextSummarySchema.safeParse({ text: 'x'.repeat(MAX_PASTED_TEXT) }).success).toBe(true);
  });
});
