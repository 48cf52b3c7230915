import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api";
import { Checkbox, Form, SubmitButton, TextField, type Values } from "../../lib/forms";
import { useTranslation } from "../../lib/i18n";
import { finishSetup, openSetup, type SetupDone, type SetupOpened } from "../api";
import { ErrorSummary } from "../forms";
import { Heading } from "../heading";
import { QrCode } from "../qr-code";
import { useSession } from "../session";

type Opening = { state: "opening" } | { state: "refused"; reason: "studio.setup.noToken" | "studio.setup.refused" | "studio.tooMany" } | { state: "open"; opened: SetupOpened };

/** The secret in groups of four, for typing it into an authenticator by hand. */
export const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * A set-up link (/studio/setup#<token>: the token in the fragment never reaches a server log):
 * the authenticator's QR code and secret, a password and the first code; then the ten recovery
 * codes, shown this once, until the member says they saved them.
 */
export function SetupScreen() {
  const { t } = useTranslation();
  const { client } = useSession();
  const [token] = useState(() => window.location.hash.slice(1));
  const [opening, setOpening] = useState<Opening>(() => (token ? { state: "opening" } : { state: "refused", reason: "studio.setup.noToken" }));
  const [done, setDone] = useState<SetupDone | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    openSetup(client, token).then(
      (opened) => current && setOpening({ state: "open", opened }),
      (error: unknown) => {
        if (!current) return;
        const tooMany = error instanceof ApiError && error.status === 429;
        setOpening({ state: "refused", reason: tooMany ? "studio.tooMany" : "studio.setup.refused" });
      },
    );
    return () => {
      current = false;
    };
  }, [client, token]);

  return (
    <main id="studio-main" className="studio-main studio-main--narrow">
      <p className="studio-brand">{t("studio.name")}</p>
      {done ? (
        <RecoveryCodes done={done} />
      ) : opening.state === "open" ? (
        <Enrol token={token} opened={opening.opened} onDone={setDone} />
      ) : opening.state === "refused" ? (
        <>
          <Heading>{t("studio.setup.title")}</Heading>
          <p role="alert">{t(opening.reason)}</p>
        </>
      ) : (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      )}
    </main>
  );
}

function Enrol({ token, opened, onDone }: { token: string; opened: SetupOpened; onDone: (done: SetupDone) => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const fields = useMemo(
    () => ({
      password: { label: t("studio.setup.password"), rules: "required|length:8,128" },
      code: { label: t("studio.setup.code"), rules: "required|matches:/^\\s*[0-9]{6}\\s*$/", messages: { matches: t("studio.setup.codeFormat") } },
    }),
    [t],
  );
  const describeError = (error: ApiError) => {
    if (error.status === 429) return { form: t("studio.tooMany") };
    if (error.fieldMessage(["token"])) return { form: t("studio.setup.refused") };
    if (error.fieldMessage(["code"])) return { fields: { code: t("studio.setup.codeWrong") } };
    return null;
  };
  const submit = async (values: Values) => {
    onDone(await finishSetup(client, { token, password: String(values.password), code: String(values.code).trim() }));
  };
  return (
    <>
      <Heading>{t("studio.setup.title")}</Heading>
      <p>{t("studio.setup.welcome", { name: opened.name, email: opened.email })}</p>
      <h2>{t("studio.setup.authenticatorTitle")}</h2>
      <p>{t("studio.setup.scan")}</p>
      <QrCode text={opened.totpUri} label={t("studio.setup.qrLabel")} />
      <p>
        {t("studio.setup.orType")} <code className="studio-secret" data-testid="totp-secret" aria-label={t("studio.setup.secretLabel")}>{grouped(opened.totpSecret)}</code>
      </p>
      <h2>{t("studio.setup.passwordTitle")}</h2>
      <Form id="studio-setup" fields={fields} onSubmit={submit} describeError={describeError} resetOnSuccess={false} incompleteMessage={t("studio.forms.incomplete")}>
        <ErrorSummary />
        <TextField name="password" type="password" autoComplete="new-password" help={t("studio.setup.passwordHelp")} />
        <TextField name="code" autoComplete="one-time-code" inputMode="numeric" help={t("studio.setup.codeHelp")} />
        <SubmitButton>{t("studio.setup.submit")}</SubmitButton>
      </Form>
    </>
  );
}

function RecoveryCodes({ done }: { done: SetupDone }) {
  const { t } = useTranslation();
  const { setMe } = useSession();
  const navigate = useNavigate();
  const fields = useMemo(() => ({ saved: { label: t("studio.setup.saved"), rules: "accepted" } }), [t]);
  const submit = async () => {
    await navigate("/studio", { replace: true });
    setMe(done.me);
  };
  return (
    <>
      <Heading>{t("studio.setup.codesTitle")}</Heading>
      <p>{t("studio.setup.codesIntro")}</p>
      <ol className="studio-codes" data-testid="recovery-codes">
        {done.recoveryCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Form id="studio-codes" fields={fields} onSubmit={submit} resetOnSuccess={false} incompleteMessage={t("studio.setup.savedFirst")}>
        <Checkbox name="saved" />
        <SubmitButton>{t("studio.setup.continue")}</SubmitButton>
      </Form>
    </>
  );
}
