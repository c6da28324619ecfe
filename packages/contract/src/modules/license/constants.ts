/** Licence limits (SPEC §5, §9). */
export const LICENCE_MAX_CHANNEL_RANGES = 5;
export const LICENCE_CAMERA_INTERVAL = 5;
