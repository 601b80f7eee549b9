import { messages, type Profile, type ProfileUpdateResponse } from '@shop/shared';

/** The Update Profile form's fields (the email comes from the sign-in). */
export interface ProfileFormValues {
  birthDate: string;
  address: string;
  phone: string;
  profileLink: string;
}

/** The form starts from the stored profile; what is not set yet starts empty. */
export const toFormValues = (profile: Profile | undefined): ProfileFormValues => ({
  birthDate: profile?.birthDate ?? '',
  address: profile?.address ?? '',
  phone: profile?.phone ?? '',
  profileLink: profile?.profileLink ?? '',
});

/** "Updated!!" when the server reports an upsert (count 1), else "Already Updated!!". */
export const updateOutcome = (answer: Pick<ProfileUpdateResponse, 'upsertedCount'>) =>
  answer.upsertedCount === 1
    ? { changed: true, message: messages.success.profileUpdated }
    : { changed: false, message: messages.success.profileUnchanged };

/** A profile link is shown only when it is a web address (the API checks it on the way in). */
export const safeLink = (link: string | null) =>
  link && /^https?:\/\//i.test(link) ? link : undefined;
