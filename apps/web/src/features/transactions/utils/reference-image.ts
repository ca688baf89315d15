import { UPLOAD_MAX_BYTES } from '@app/domain';

/** Reference image rule (spec §5, §9): at most 5 MB (the domain's upload limit). */
export const isTooLarge = (file: File) => file.size > UPLOAD_MAX_BYTES;
