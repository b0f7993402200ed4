import { ProfileLayout } from '@/components/layout/profile-layout';

/** The personal centre shell (components/layout/profile-layout.tsx), the same for `(app)/profile` and `(light)/profile`. */
export default ProfileLayout;
