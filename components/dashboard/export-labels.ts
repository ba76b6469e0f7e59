/** The catalog key (dashboard.exportFile.*) of each audit export's label; wide CSVs are labelled per dimension. */
export const EXPORT_LABEL_KEYS = {
  "ratings-long.csv": "ratingsLong",
  "stats-ratings.csv": "statsData",
  "stats-codebook.csv": "statsCodebook",
  "stats-ratings.sps": "statsSpss",
  "stats-ratings.do": "statsStata",
  "stats-ratings.R": "statsR",
  "majority-labels.csv": "majority",
  "latent-class.csv": "latentClass",
  "latent-class-replicates.csv": "latentReplicates",
  "report.json": "json",
  "report.md": "markdown",
  "report.tex": "latex",
  "paragraph.txt": "paragraph",
  "adjudication.csv": "adjudication",
  "time-on-task.csv": "timeOnTask",
  "rating-times.csv": "ratingTimes",
  "rater-quality.csv": "raterQuality",
  "calibration.csv": "calibration",
  "comments.csv": "comments",
  "revisions.csv": "revisions",
} as const;

export const isLabelledExport = (file: string): file is keyof typeof EXPORT_LABEL_KEYS => file in EXPORT_LABEL_KEYS;

export const isWideExport = (file: string) => /^ratings-wide-.+\.csv$/.test(file);
