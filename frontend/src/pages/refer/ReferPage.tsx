import { useTranslation } from '../../i18n/i18n';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { hasSession } from '../../app/api/tokens';
import { useCheckReferralQuery } from '../../features/license/api';
import { clearReferralCode, keepReferralCode } from '../../features/license/referral';
import { InviteSection } from '../../features/license/InviteSection';
import { buttonClass } from '../../components/Button/Button';
import styles from '../../features/license/license.module.css';

/**
 * `/refer/{code}`: a friend's invitation. The code is kept (localStorage) until registration,
 * which sends it as `referral_code`. A code that is no account's (a link cut short or mistyped) is
 * said to be so and not kept; sign-up stays open. A signed-in user already has an account: they
 * see their own invite panel instead (an invitation, even their own link, is for newcomers).
 */
export function ReferPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const signedIn = hasSession();
  // Without an answer (offline), the code is kept: registration ignores a code that is no account's.
  // While the answer comes, only the sign-up link shows (no invitation that turns into a refusal).
  const check = useCheckReferralQuery(id ?? '', { skip: !id || signedIn });
  const valid = !id || (check.data?.valid ?? true);
  useEffect(() => {
    if (!id || signedIn) return;
    if (valid) keepReferralCode(id);
    else clearReferralCode();
  }, [id, signedIn, valid]);

  return (
    <div style={{ maxWidth: 'var(--content-width)', margin: '0 auto', padding: '32px 16px' }}>
      {!signedIn ? (
        <section className={styles.section} data-testid="refer-landing">
          {check.isLoading ? null : valid ? (
            <>
              <h1>{t('You are invited')}</h1>
              <p>
                {t(
                  'A friend invited you to VisualNotes: visual notes and whiteboards on a canvas, with AI summaries of videos and documents. Create your free account — when you activate it, your friend unlocks unlimited videos and AI summaries.',
                )}
              </p>
            </>
          ) : (
            <>
              <h1>{t('This invitation link is not valid')}</h1>
              <p role="status" data-testid="refer-invalid">
                {t(
                  'It may have been cut short or mistyped: ask your friend to send it again. You can still create your free account: visual notes and whiteboards on a canvas, with AI summaries of videos and documents.',
                )}
              </p>
            </>
          )}
          <p>
            <a className={buttonClass('primary', 'lg')} href="/account/login?register=1">
              {t('Create your free account')}
            </a>
          </p>
        </section>
      ) : (
        <InviteSection />
      )}
    </div>
  );
}
