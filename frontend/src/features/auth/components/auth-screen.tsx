import type { AuthRouteName } from "../routes";
import { EmailConfirmedScreen } from "./email-confirmed-screen";
import { ForgotPasswordScreen } from "./forgot-password-screen";
import { GoogleRedirectScreen } from "./google-redirect-screen";
import { LoginScreen } from "./login-screen";
import { RegisterScreen } from "./register-screen";
import { ResetScreen } from "./reset-screen";

/** The account screen of a route (contracts/routes.json names them). */
export function AuthScreen({ name }: { name: AuthRouteName }) {
  switch (name) {
    case "login":
      return <LoginScreen />;
    case "register":
      return <RegisterScreen />;
    case "forgot-password":
      return <ForgotPasswordScreen />;
    case "reset":
      return <ResetScreen />;
    case "email-confirmed":
      return <EmailConfirmedScreen />;
    case "connect-google-redirect":
      return <GoogleRedirectScreen />;
  }
}
