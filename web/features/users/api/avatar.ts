/**
 * 'Rediger bruker' changes another person's avatar (admins, `can.avatar`) with the
 * upload 'Min Profil' uses; the list shows the new picture after.
 */
import { useQueryClient } from "@tanstack/react-query";
import { removeAvatar, uploadAvatar } from "../../../lib/avatar.ts";
import { userKeys } from "./keys.ts";

/** The `upload` and `remove` of AvatarUpload for one person. */
export function useAvatarActions(userId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: userKeys.all });
  return {
    upload: async (file: File, onProgress: (percent: number) => void) => {
      const result = await uploadAvatar(userId, file, onProgress);
      await refresh();
      return result;
    },
    remove: async () => {
      const result = await removeAvatar(userId);
      await refresh();
      return result;
    },
  };
}
