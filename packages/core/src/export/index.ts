/** Table export and downloads (spec part 2 §7, §8). */
export {
  DOWNLOAD_FORM_REMOVE_MS,
  DOWNLOAD_FRAME_TTL_MS,
  LANGUAGE_PARAM,
  downloadByForm,
  downloadByGet,
  downloadUrl,
  type DownloadFields,
  type DownloadHandle,
  type DownloadOptions,
  type DownloadTarget,
  type FieldValue,
} from './download.ts';
export {
  TABLE_TO_XLS_PATH,
  EXPORT_LOADING_RESET_MS,
  EXPORT_SKIP_ATTRIBUTE,
  neutralizeFormula,
  cellText,
  findExportTable,
  exportRows,
  tableToTextHtml,
  exportTable,
  type ExportTableOptions,
  type ExportHandle,
  type WireTableExportForm,
} from './table.ts';
