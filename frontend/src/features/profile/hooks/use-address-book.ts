/**
 * The address section's state and actions: which address is edited or about to be removed, the
 * last message, and where focus goes after each step (the new or edited address, the section's
 * heading after a removal, back to the button that opened a question or an editor).
 */
import { useRef, useState, type RefObject } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ApiError } from "../../../lib/api";
import { authErrorText, useAuth, type User } from "../../../lib/auth";
import { fieldId } from "../../../lib/forms";
import { useFocusAfterRender } from "../../../ui/use-focus-after-render";
import { updateMe, type AddressInput } from "../api/update-me";
import { addressInput, keepAddress, type AddressValues } from "../utils/address-values";
import { useSessionCall } from "./use-session-call";

export type Editing = { id: number } | "new";
export type Message = { kind: "success" | "failure"; text: string } | null;

export const cardId = (id: number) => `address-${id}`;
export const removeId = (id: number) => `address-${id}-remove`;
export const keepId = (id: number) => `address-${id}-keep`;
export const ADD_ID = "address-add";
export const formId = (editing: Editing) => (editing === "new" ? "address-form-new" : `address-form-${editing.id}`);

export function useAddressBook(user: User) {
  const { t } = useTranslation();
  const { setUser } = useAuth();
  const call = useSessionCall();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusAfterRender();
  const kept = user.addresses.map(keepAddress);

  // The whole list goes each time: PUT /users/me replaces it.
  const save = async (addresses: AddressInput[]): Promise<User> => {
    const saved = await call(() => updateMe({ addresses }));
    setUser(saved);
    return saved;
  };
  const saved = (focusOn: string | RefObject<HTMLHeadingElement | null>) => {
    setEditing(null);
    setMessage({ kind: "success", text: t("profile.addresses.saved") });
    focus(focusOn);
  };

  return {
    editing,
    confirming,
    message,
    heading,
    startEditing(next: Editing) {
      setMessage(null);
      setConfirming(null);
      setEditing(next);
      focus(fieldId(formId(next), "street"));
    },
    cancel(back: string) {
      setEditing(null);
      focus(back);
    },
    async saveNew(values: AddressValues) {
      const known = new Set(user.addresses.map((address) => address.id));
      const { addresses } = await save([...kept, addressInput(values)]);
      const added = addresses.find((address) => !known.has(address.id));
      saved(added ? cardId(added.id) : heading);
    },
    saveEdit: (id: number) => async (values: AddressValues) => {
      await save(kept.map((address) => (address.id === id ? addressInput(values, id) : address)));
      saved(cardId(id));
    },
    askRemove(id: number) {
      setMessage(null);
      setConfirming(id);
      focus(keepId(id));
    },
    keep(id: number) {
      setConfirming(null);
      focus(removeId(id));
    },
    async remove(id: number) {
      setMessage(null);
      try {
        await save(kept.filter((address) => address.id !== id));
        setMessage({ kind: "success", text: t("profile.addresses.removed") });
        focus(heading);
      } catch (error) {
        setMessage({ kind: "failure", text: error instanceof ApiError ? authErrorText(error, t) : t("auth.errors.generic") });
        focus(removeId(id));
      } finally {
        setConfirming(null);
      }
    },
  };
}
