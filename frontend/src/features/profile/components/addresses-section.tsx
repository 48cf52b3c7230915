import type { User, UserAddress } from "../../../lib/auth";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { ADD_ID, cardId, formId, keepId, removeId, useAddressBook } from "../hooks/use-address-book";
import { addressName, addressValues, countryName, newAddressValues } from "../utils/address-values";
import { AddressEditor } from "./address-editor";
import { Announcement, ProfileSection } from "./section";
import { Confirm } from "../../../ui/confirm";

/** The API keeps at most this many addresses per parent. */
const MAX_ADDRESSES = 10;

/** The saved addresses: add one, edit one, remove one (after a yes/no question). */
export function AddressesSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const book = useAddressBook(user);
  const { editing } = book;

  return (
    <ProfileSection title={t("profile.addresses.title")} headingRef={book.heading} className="profile-addresses">
      <Announcement message={book.message} />
      {user.addresses.length === 0 && editing !== "new" ? <p className="profile-empty-text">{t("profile.addresses.empty")}</p> : null}
      <ul className="profile-address-list">
        {user.addresses.map((address, index) => (
          <li key={address.id}>
            {editing !== null && editing !== "new" && editing.id === address.id ? (
              <AddressEditor
                formId={formId({ id: address.id })}
                legend={t("profile.addresses.editing", { address: addressName(address) })}
                initialValues={addressValues(address)}
                index={index}
                onSave={book.saveEdit(address.id)}
                onCancel={() => book.cancel(cardId(address.id))}
              />
            ) : (
              <AddressCard
                address={address}
                confirming={book.confirming === address.id}
                onEdit={() => book.startEditing({ id: address.id })}
                onAskRemove={() => book.askRemove(address.id)}
                onKeep={() => book.keep(address.id)}
                onRemove={() => void book.remove(address.id)}
              />
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <AddressEditor
          formId={formId("new")}
          legend={t("profile.addresses.new")}
          initialValues={newAddressValues(locale)}
          index={user.addresses.length}
          onSave={book.saveNew}
          onCancel={() => book.cancel(ADD_ID)}
        />
      ) : user.addresses.length < MAX_ADDRESSES ? (
        <button id={ADD_ID} type="button" className="button button--secondary" onClick={() => book.startEditing("new")}>
          {t("profile.addresses.add")}
        </button>
      ) : (
        <p className="profile-empty-text">{t("profile.addresses.max", { max: MAX_ADDRESSES })}</p>
      )}
    </ProfileSection>
  );
}

type CardProps = {
  address: UserAddress;
  confirming: boolean;
  onEdit: () => void;
  onAskRemove: () => void;
  onKeep: () => void;
  onRemove: () => void;
};

function AddressCard({ address, confirming, onEdit, onAskRemove, onKeep, onRemove }: CardProps) {
  const { t } = useTranslation();
  const name = addressName(address);
  return (
    <div className="profile-address" id={cardId(address.id)} tabIndex={-1}>
      <p className="profile-address__lines">
        <span>{name}</span>
        {address.additionalInfo ? <span>{address.additionalInfo}</span> : null}
        <span>
          {address.postalCode} {address.city}
        </span>
        <span>{countryName(t, address.country)}</span>
      </p>
      {confirming ? (
        <Confirm
          question={t("profile.addresses.confirmRemove", { address: name })}
          yes={t("profile.addresses.yes")}
          no={t("profile.addresses.no")}
          noId={keepId(address.id)}
          onYes={onRemove}
          onNo={onKeep}
        />
      ) : (
        <div className="profile-actions">
          <button type="button" className="button button--secondary" aria-label={t("profile.addresses.editLabel", { address: name })} onClick={onEdit}>
            {t("profile.addresses.edit")}
          </button>
          <button
            id={removeId(address.id)}
            type="button"
            className="button button--secondary"
            aria-label={t("profile.addresses.removeLabel", { address: name })}
            onClick={onAskRemove}
          >
            {t("profile.addresses.remove")}
          </button>
        </div>
      )}
    </div>
  );
}
