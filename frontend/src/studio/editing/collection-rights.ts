/**
 * Which collections the signed-in role may edit, as `GET /content/collections` says: the
 * screens offer an editor no price, offer or free-lessons control at all (not even disabled).
 * null while asking; on a failed answer nothing is offered.
 */
import { useEffect, useState } from "react";
import { useSession } from "../session";
import { listCollections } from "./editing-api";

export function useEditableCollections(): ReadonlySet<string> | null {
  const { client } = useSession();
  const [editable, setEditable] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let current = true;
    listCollections(client).then(
      (rights) => current && setEditable(new Set(rights.filter((right) => right.editable).map((right) => right.name))),
      () => current && setEditable(new Set()),
    );
    return () => {
      current = false;
    };
  }, [client]);
  return editable;
}
