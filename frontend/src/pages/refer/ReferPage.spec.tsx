/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { REFERRAL_STORAGE_KEY } from '@visualnotes/contracts';
import { screen } from '@testing-library/react';
import { apiServerPerTest, renderAt } from '../../test/render';
import { ReferPage } from './ReferPage';

const api = apiServerPerTest({ google_sign_in: false });
const renderReferPage = (path: string) => renderAt(path, { '/refer/:id?': <ReferPage /> });

describe('the invitation page', () => {
  beforeEach(() => localStorage.clear());

  it("keeps a friend's code for sign-up", async () => {
    api().on('GET /referral/Ab3_x-9Z', { status: 200, body: { valid: true } });
    renderReferPage('/refer/Ab3_x-9Z');
    expect(await screen.findByRole('heading', { name: 'You are invited' })).toBeTruthy();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('Ab3_x-9Z');
    expect(screen.getByRole('link', { name: 'Create your free account' }).getAttribute('href')).toBe('/account/login?register=1');
  });

  it("says a code that is no account's is not valid, forgets it, and still offers sign-up", async () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'OldCode1');
    api().on('GET /referral/Mistyped', { status: 200, body: { valid: false } });
    renderReferPage('/refer/Mistyped');
    expect(await screen.findByRole('heading', { name: 'This invitation link is not valid' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You are invited' })).toBeNull();
    expect(screen.getByTestId('refer-invalid').textContent).toContain('ask your friend to send it again');
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Create your free account' })).toBeTruthy();
  });

  it('keeps the code when the check cannot be made', async () => {
    api().on('GET /referral/Ab3_x-9Z', { status: 503, body: { code: 'UNAVAILABLE', message: 'Service unavailable' } });
    renderReferPage('/refer/Ab3_x-9Z');
    expect(await screen.findByRole('heading', { name: 'You are invited' })).toBeTruthy();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('Ab3_x-9Z');
  });
});
