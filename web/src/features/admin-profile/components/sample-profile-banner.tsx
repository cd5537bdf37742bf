import { Link } from '@tanstack/react-router';
import { useProfile } from '../api/profile';
import styles from './profile.module.css';

/** On every admin page until the owner saves a profile: the site still introduces the sample person. */
export function SampleProfileBanner() {
  const { data } = useProfile();
  if (!data?.isSample) return null;
  return (
    <div className={`container ${styles.banner}`} role="status" data-testid="sample-profile-banner">
      Your site still shows the sample profile ({data.profile.name}).{' '}
      <Link to="/admin/profile" className={styles.bannerLink}>
        Set up your profile
      </Link>
    </div>
  );
}
