/** /profile/edit (docs/product/accounts.md#screens "Edit Profile"). */
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/db/current-user';
import { DeleteAccountSection } from '../components/delete-account-section';
import { ProfileForm } from '../components/profile-form';

export function EditProfilePage() {
  const { user, loading } = useCurrentUser();

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Edit Your Profile</h1>
      {loading ? (
        <div className="flex justify-center py-12" aria-busy="true">
          <Spinner label="Loading your profile…" className="size-8" />
        </div>
      ) : !user ? (
        <div className="flex flex-col items-start gap-3">
          <h2 className="text-xl font-semibold">Not Logged In</h2>
          <p className="text-stone-600 dark:text-stone-400">Please log in to edit your profile.</p>
          <Link to="/" className={buttonClasses()}>
            Go to Home
          </Link>
        </div>
      ) : (
        <>
          {/* A new key when the member changes resets the form to the new member's values. */}
          <ProfileForm key={user.id} user={user} />
          {/* Before leaving, a member can take everything with them (docs/export.md). */}
          <p className="text-stone-700 dark:text-stone-300">
            Your finds, photos, spots and posts can go with you:{' '}
            <Link to="/settings/data" className="font-medium underline">
              download your data
            </Link>
            .
          </p>
          <DeleteAccountSection user={user} />
        </>
      )}
    </div>
  );
}
