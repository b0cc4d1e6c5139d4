/** The product's words for letter work, verbatim from the spec. */
export const LETTER_MESSAGES = {
  missingFields: 'Please fill in all required fields',
  missingFieldsBeforePreview: 'Please fill in all required fields before previewing',
  downloaded: 'Letter downloaded successfully!',
  openedInWindow: 'Letter opened in new window. Right-click to save.',
  downloadFailed: 'Download failed. Please try copying the text from the preview.',
} as const;

/** Our own words for what the spec does not cover. */
export const GENERATOR_MESSAGES = {
  docx: 'Word document downloaded',
  html: 'Google Docs file downloaded',
  failed: 'Export failed. Please download the text letter instead.',
  detailsForgotten: 'Your details were removed from this browser',
  mailed: 'Added to your sent letters',
} as const;
