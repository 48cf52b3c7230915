import { useEffect, useId, useMemo, useState } from "react";
import { ApiError } from "../../lib/api";
import { Form, Select, SubmitButton, TextField, type Values } from "../../lib/forms";
import { formatLongDate, useTranslation } from "../../lib/i18n";
import { Confirm } from "../../ui/confirm";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { changeRole, inviteStaff, listStaff, removeStaff, ROLES, sendSetupLinkAgain, STAFF_LOCALES, type Role, type Staff, type StaffLocale } from "../api";
import { ErrorSummary } from "../forms";
import { Heading } from "../heading";
import { useMe, useSession } from "../session";
import { StatusMessage, type Notice } from "../status";

/** The staff: who they are, their role and language; invite, change a role, send a new link, remove. */
export function StaffScreen() {
  const { t } = useTranslation();
  const { client } = useSession();
  const [staff, setStaff] = useState<Staff[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    let current = true;
    listStaff(client).then(
      (found) => current && setStaff(found),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [client]);

  const replace = (member: Staff) => setStaff((list) => (list ?? []).map((m) => (m.id === member.id ? member : m)));
  const failedWith = (error: unknown) =>
    setNotice({ kind: "failed", text: t(error instanceof ApiError && error.status === 409 ? "studio.staff.needsOwner" : "studio.failed") });

  return (
    <>
      <Heading>{t("studio.staff.title")}</Heading>
      <StatusMessage notice={notice} />
      {failed ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : staff === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : (
        <table className="studio-table">
          <caption>{t("studio.staff.caption", { count: staff.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.staff.name")}</th>
              <th scope="col">{t("studio.staff.email")}</th>
              <th scope="col">{t("studio.staff.role")}</th>
              <th scope="col">{t("studio.staff.language")}</th>
              <th scope="col">{t("studio.staff.state")}</th>
              <th scope="col">{t("studio.staff.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <StaffRow
                key={member.id}
                member={member}
                onChanged={(changed, text) => {
                  replace(changed);
                  setNotice({ kind: "done", text });
                }}
                onRemoved={(removed) => {
                  setStaff((list) => (list ?? []).filter((m) => m.id !== removed.id));
                  setNotice({ kind: "done", text: t("studio.staff.removed", { name: removed.name }) });
                }}
                onFailed={failedWith}
              />
            ))}
          </tbody>
        </table>
      )}
      <InviteForm
        onInvited={(member) => {
          setStaff((list) => [...(list ?? []), member]);
          setNotice({ kind: "done", text: t("studio.staff.invited", { email: member.email }) });
        }}
      />
    </>
  );
}

function StaffRow({
  member,
  onChanged,
  onRemoved,
  onFailed,
}: {
  member: Staff;
  onChanged: (member: Staff, text: string) => void;
  onRemoved: (member: Staff) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const me = useMe();
  const [role, setRole] = useState<Role>(member.role);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const focus = useFocusAfterRender();
  const roleId = useId();
  const noId = useId();
  const removeId = useId();

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  };
  const saveRole = () =>
    act(async () => {
      const changed = await changeRole(client, member.id, role);
      onChanged(changed, t("studio.staff.roleChanged", { name: changed.name, role: t(`studio.roles.${changed.role}`) }));
    });
  const sendAgain = () =>
    act(async () => {
      const again = await sendSetupLinkAgain(client, member.id);
      onChanged(again, t("studio.staff.linkSent", { email: again.email }));
    });
  const remove = () =>
    act(async () => {
      setAsking(false);
      onRemoved(await removeStaff(client, member.id));
    });

  return (
    <tr>
      <th scope="row">
        {member.name}
        {member.id === me.staff.id ? ` (${t("studio.staff.you")})` : null}
      </th>
      <td>{member.email}</td>
      <td>
        <div className="studio-inline">
          <label className="visually-hidden" htmlFor={roleId}>
            {t("studio.staff.roleOf", { name: member.name })}
          </label>
          <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`studio.roles.${value}`)}
              </option>
            ))}
          </select>
          <button type="button" className="button button--secondary" disabled={busy || role === member.role} onClick={() => void saveRole()}>
            {t("studio.staff.changeRole")}
            <span className="visually-hidden"> {member.name}</span>
          </button>
        </div>
      </td>
      <td>{t(`studio.languages.${member.locale}`)}</td>
      <td>{member.setUp ? t("studio.staff.setUpSince", { date: formatLongDate(new Date(member.createdAt), i18n.language) }) : t("studio.staff.invitedState")}</td>
      <td>
        <div className="studio-inline">
          {member.setUp ? null : (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void sendAgain()}>
              {t("studio.staff.sendAgain")}
              <span className="visually-hidden"> {member.email}</span>
            </button>
          )}
          {asking ? (
            <Confirm
              question={t("studio.staff.removeQuestion", { name: member.name })}
              yes={t("studio.staff.removeYes")}
              no={t("studio.staff.removeNo")}
              noId={noId}
              onYes={() => void remove()}
              onNo={() => {
                setAsking(false);
                focus(removeId);
              }}
            />
          ) : (
            <button
              id={removeId}
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => {
                setAsking(true);
                focus(noId);
              }}
            >
              {t("studio.staff.remove")}
              <span className="visually-hidden"> {member.name}</span>
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

function InviteForm({ onInvited }: { onInvited: (member: Staff) => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const fields = useMemo(
    () => ({
      name: { label: t("studio.staff.name"), rules: "required|length:1,120" },
      email: { label: t("studio.staff.email"), rules: "required|email" },
      role: { label: t("studio.staff.role"), rules: "required" },
      locale: { label: t("studio.staff.language"), rules: "required" },
    }),
    [t],
  );
  const initialValues = useMemo(() => ({ role: "shop", locale: "nl" }), []);
  const describeError = (error: ApiError) => (error.status === 409 ? { fields: { email: t("studio.staff.exists") } } : null);
  const submit = async (values: Values) => {
    onInvited(
      await inviteStaff(client, {
        name: String(values.name).trim(),
        email: String(values.email).trim(),
        role: values.role as Role,
        locale: values.locale as StaffLocale,
      }),
    );
  };
  return (
    <section className="studio-card" aria-labelledby="studio-invite-title">
      <h2 id="studio-invite-title">{t("studio.staff.inviteTitle")}</h2>
      <p>{t("studio.staff.inviteIntro")}</p>
      <Form id="studio-invite" fields={fields} initialValues={initialValues} onSubmit={submit} describeError={describeError} incompleteMessage={t("studio.forms.incomplete")}>
        <ErrorSummary />
        <TextField name="name" autoComplete="off" />
        <TextField name="email" type="email" autoComplete="off" />
        <Select name="role" options={ROLES.map((value) => ({ value, label: t(`studio.roles.${value}`) }))} />
        <Select name="locale" options={STAFF_LOCALES.map((value) => ({ value, label: t(`studio.languages.${value}`) }))} />
        <SubmitButton>{t("studio.staff.invite")}</SubmitButton>
      </Form>
    </section>
  );
}
