import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { useAuth, type User } from "../../../lib/auth";
import { AddressesSection } from "./addresses-section";
import { ConfirmBanner } from "./confirm-banner";
import { DetailsSection } from "./details-section";
import { EmailSection } from "./email-section";
import { LessonsSection } from "./lessons-section";
import { SecuritySection } from "./security-section";
import { ProfileSkeleton, SignedOutCard } from "./signed-out-card";

function Account({ user }: { user: User }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const logout = () => {
    signOut();
    void navigate("/");
  };
  return (
    <section className="block block-profile">
      <div className="profile-header">
        <div>
          <h2 className="profile-header__greeting">
            {user.firstname ? t("profile.greeting", { name: user.firstname }) : t("profile.greetingNoName")}
          </h2>
          <p className="profile-header__email">{t("profile.signedInAs", { email: user.email })}</p>
          <p className="profile-header__intro">{t("profile.intro")}</p>
        </div>
        <button type="button" className="button button--secondary" onClick={logout}>
          {t("profile.logout")}
        </button>
      </div>
      {user.confirmed ? null : <ConfirmBanner email={user.email} />}
      <LessonsSection userId={user.id} />
      <DetailsSection user={user} />
      <AddressesSection user={user} />
      <EmailSection user={user} />
      <SecuritySection user={user} />
    </section>
  );
}

/** The account page's profile block: the signed-in parent's account, else a way in. */
export function ProfileBlock() {
  const { status, user } = useAuth();
  if (status === "unknown") return <ProfileSkeleton />;
  if (!user) return <SignedOutCard />;
  return <Account user={user} />;
}
