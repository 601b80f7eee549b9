import { useAuth } from '../../../features/auth/hooks/use-auth';
import { ReviewForm } from '../../../features/reviews/components/review-form';
import { DashboardScreen } from './dashboard-screen';

/** Add A Review (signed in): the review shows in the home page's testimonials. */
export default function AddReviewRoute() {
  const { user } = useAuth();
  return (
    <DashboardScreen
      title="Add A Review"
      intro="Tell other customers about a tool; your review shows on the home page."
    >
      {/* The account's name, when it has one (useAuth falls back to the email). */}
      <ReviewForm defaultName={user && user.name !== user.email ? user.name : undefined} />
    </DashboardScreen>
  );
}
