// The package's public door (its package.json points here); importers take only what they use.
export { antTheme, antThemeFor, darkThemeTokens, themeTokens } from './theme';
export { chooseTheme, chosenTheme, currentTheme, useTheme } from './color-scheme';
export { Spinner, type SpinnerProps } from './spinner';
export { DataView, type DataViewProps, type Loadable } from './data-view';
export { Field, FieldError, describedBy, useSubmission, type FieldControlProps, type FieldProps, type SubmissionFailure } from './form-kit';
export { ArtifactImage, type ArtifactImageProps, type ImagePriority } from './artifact-image';
export { ArtifactCard, gridImagePriority, type ArtifactCardProps } from './artifact-card';
export { coverPhoto } from './kept-photo';
export { HeartIcon, likeCount, likesLabel } from './likes';
export { Pagination, readPage, usePagingFocus, type PaginationProps } from './pagination';
export { useProgressiveList } from './progressive';
export { NotFound } from './not-found';
export { keepTabAmong, keepTabInside, tabbableIn, tabCanReach } from './focus-trap';
export {
  alertDialog,
  confirmDialog,
  toast,
  type AlertOptions,
  type ConfirmOptions,
  type ToastKind,
} from './notify';
export { usePageTitle, SITE_TITLE_SUFFIX } from './page-title';
export { LeaveGuard, allowLeaving, mayDiscard, LEAVE_TEXTS, type LeaveGuardProps, type LeaveTexts } from './leave-guard';
export { JustRegisteredNotice, JUST_REGISTERED_STATE, VerifyEmailNotice, VERIFY_TEXTS, type VerifyEmailNoticeProps } from './verify-email-notice';
export { FIGURE_TEXTS, TransparencyFigures, groundLabel, monthLabel } from './transparency-figures';
