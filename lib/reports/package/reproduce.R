# Recompute every number of this audit's report from its ratings, in R.
#
#     Rscript reproduce.R [--all-replicates] [PACKAGE_DIR]      (default: the working directory)
#
# Reads ratings-long.csv (dimension, item, rater, category) and report.json, recomputes per rubric
# dimension the majority counts and ties, the at-least-two and all-agree shares, Gwet's AC1, Fleiss'
# kappa and Krippendorff's alpha (pa, pe, coefficient, standard error, confidence interval) and the
# exact one-sided upper bounds on the error rate (Clopper-Pearson with qbeta; hypergeometric with
# phyper), and prints each beside the report's value with the difference. When the report has
# agreement over time, it also reads rating-times.csv (the same rows with when each rating was last
# given, the item's place in the rater's queue and their active milliseconds) and recomputes every
# window (items with 2+ ratings by their last rating, ties in sample order, cut into equal-count
# windows; AC1 and percent agreement without finite-population correction; status), the latest
# window's drop against the whole-audit AC1 and the prompt, where each guideline edit falls, and per
# rater the agreement with the others' strict majority along their own queue with the median active
# minutes. When the report has rater quality, it recomputes per dimension and rater the agreement
# with the others' strict majority (others split evenly: not compared), the uncertain share and per
# rater the median active minutes per case, and their percentile bootstrap intervals over items on
# ClinAudit's frozen PRNG (SHA-256 and xoshiro256** written out below), drawing the same items as the
# report (replicate b from stream "rater-quality/<dimension>/<b>"). It refits the Dawid-Skene latent-class model of every dimension from ratings-long.csv
# (issue #34's algorithm; no smoothing; stop below 1e-12 or at 1,000,000 iterations) and compares the
# iterations (within one), log-likelihood, prior, each rater's confusion matrix, sensitivity and specificity,
# every item's posterior, the items whose mode is not the majority label and the error-rate
# estimate. A fit that stopped at the cap without converging is not determined by the ratings (where
# it stood depends on the cap and rounding), nor is one that set apart two raters whose ratings can trade places
# (each pattern occurs as often as the one with their ratings swapped: the fit with their places traded
# is as likely), so their posteriors, log-likelihood, accuracies and error rate are recomputed from
# their own prior and confusion matrices (one E-step) instead of a refit. When the error
# rate's item-bootstrap interval was computed (errorRate.interval; replicate b from stream
# "latent-class/<dimension>/<b>", each stopped at 10,000 iterations), it refits the first 20 of its 10,000 replicates exactly (all with
# --all-replicates: hours in R) against latent-class-replicates.csv, which holds every replicate (a
# refit stopped at the cap on ratings in which two raters can trade places is counted, not compared), and
# recomputes the percentile interval from the stored values. When the report has a calibration
# round, it reads calibration.csv (each rater's answer to each question of each practice item, beside
# the key) and recomputes per rater and round the items answered, the questions compared, the
# matches, agreement with the key, Cohen's kappa against it (categories of different questions kept
# apart) and the active time, the pass rule's verdict, the round that counts (the rater's latest)
# and the summary; it checks calibration.csv against the design in audit.json's `calibration` (the
# practice items, every key, each round's raters, report.json's threshold and mode) and judges the
# verdicts by the design's threshold. For a model-guided (suspect-first) sample it reads the
# design from audit.json and each item's stratum from model-strata.csv and recomputes per
# dimension the rated and incorrect items per stratum, the design-weighted error rate, its variance
# and Korn & Graubard's upper bound (written out in its section below). Exit status 0 when every
# number agrees (1e-9; confidence bounds 1e-7; counts exactly), 1 otherwise.
#
# Base R only: the formulas are those of Gwet's irrCAC 1.0 (gwet.ac1.raw, fleiss.kappa.raw,
# krippen.alpha.raw), unweighted, with missing ratings, written out below. When the irrCAC package
# is installed, its own AC1, Fleiss and Krippendorff coefficients and standard errors are printed
# too, as a cross-check (informational: irrCAC releases after 1.0 compute Krippendorff's standard
# error slightly differently, in the 4th decimal). report.json is read with a small JSON reader
# below when jsonlite is not installed,
# so no package is needed.

tolerance <- 1e-9
ci_tolerance <- 1e-7
pe_one <- 1 - 1e-12

# --- a small JSON reader (objects, arrays, strings, numbers, true/false/null) ----------------------

read_json <- function(path) {
  text <- paste(readLines(path, warn = FALSE, encoding = "UTF-8"), collapse = "\n")
  chars <- strsplit(text, "")[[1]]
  pos <- 1
  skip <- function() {
    while (pos <= length(chars) && chars[pos] %in% c(" ", "\n", "\t", "\r")) pos <<- pos + 1
  }
  value <- function() {
    skip()
    ch <- chars[pos]
    if (ch == "{") {
      pos <<- pos + 1
      out <- list()
      skip()
      if (chars[pos] == "}") { pos <<- pos + 1; return(out) }
      repeat {
        skip()
        key <- value()
        skip(); pos <<- pos + 1 # ':'
        out[key] <- list(value())
        skip()
        sep <- chars[pos]; pos <<- pos + 1
        if (sep == "}") return(out)
      }
    }
    if (ch == "[") {
      pos <<- pos + 1
      out <- list()
      skip()
      if (chars[pos] == "]") { pos <<- pos + 1; return(out) }
      repeat {
        out[length(out) + 1] <- list(value())
        skip()
        sep <- chars[pos]; pos <<- pos + 1
        if (sep == "]") return(out)
      }
    }
    if (ch == "\"") {
      pos <<- pos + 1
      buf <- character(0)
      repeat {
        c <- chars[pos]
        if (c == "\"") { pos <<- pos + 1; break }
        if (c == "\\") {
          e <- chars[pos + 1]
          if (e == "u") {
            buf <- c(buf, intToUtf8(strtoi(paste(chars[(pos + 2):(pos + 5)], collapse = ""), 16L)))
            pos <<- pos + 6
          } else {
            buf <- c(buf, switch(e, n = "\n", t = "\t", r = "\r", b = "\b", f = "\f", e))
            pos <<- pos + 2
          }
        } else {
          buf <- c(buf, c)
          pos <<- pos + 1
        }
      }
      return(paste(buf, collapse = ""))
    }
    for (word in c("true", "false", "null")) {
      if (paste(chars[pos:(pos + nchar(word) - 1)], collapse = "") == word) {
        pos <<- pos + nchar(word)
        return(switch(word, true = TRUE, false = FALSE, null = NULL))
      }
    }
    start <- pos
    while (pos <= length(chars) && grepl("[-+0-9.eE]", chars[pos])) pos <<- pos + 1
    as.numeric(paste(chars[start:(pos - 1)], collapse = ""))
  }
  value()
}

# --- statistics ------------------------------------------------------------------------------------

empty <- function(pa = NULL, pe = NULL) list(pa = pa, pe = pe, coeff = NULL, se = NULL, ciLower = NULL, ciUpper = NULL)

with_inference <- function(pa, pe, coeff, variance, n, level) {
  out <- list(pa = pa, pe = pe, coeff = coeff, se = NULL, ciLower = NULL, ciUpper = NULL)
  if (n < 2) return(out)
  se <- sqrt(max(0, variance))
  t <- qt(1 - (1 - level) / 2, n - 1)
  out$se <- se
  out$ciLower <- max(-1, coeff - se * t)
  out$ciUpper <- min(1, coeff + se * t)
  out
}

observed <- function(counts, r) {
  pa_i <- ifelse(r >= 2, rowSums(counts * (counts - 1)) / (r * (r - 1)), 0)
  list(pa_i = pa_i, pa = sum(pa_i) / sum(r >= 2))
}

chance_corrected <- function(counts, r, q, N, level, chance) {
  n <- length(r); n2 <- sum(r >= 2)
  if (n2 == 0) return(empty())
  o <- observed(counts, r)
  if (q < 2) return(empty(o$pa))
  pi <- colSums(counts / r) / n
  ch <- chance(pi)
  if (ch$pe >= pe_one) return(empty(o$pa, ch$pe))
  coeff <- (o$pa - ch$pe) / (1 - ch$pe)
  c <- (n / n2) * (o$pa_i - ifelse(r >= 2, ch$pe, 0)) / (1 - ch$pe)
  c <- c - 2 * (1 - coeff) * (ch$pe_i - ch$pe) / (1 - ch$pe)
  f <- if (is.null(N)) 0 else n / N
  variance <- if (n > 1) (1 - f) / (n * (n - 1)) * sum((c - coeff)^2) else 0
  with_inference(o$pa, ch$pe, coeff, variance, n, level)
}

gwet_ac1 <- function(counts, r, q, N, level) {
  chance_corrected(counts, r, q, N, level, function(pi) {
    list(pe = sum(pi * (1 - pi)) / (q - 1), pe_i = as.vector(counts %*% (1 - pi)) / r / (q - 1))
  })
}

fleiss_kappa <- function(counts, r, q, N, level) {
  chance_corrected(counts, r, q, N, level, function(pi) {
    list(pe = sum(pi^2), pe_i = as.vector(counts %*% pi) / r)
  })
}

krippendorff_alpha <- function(counts, r, q, N, level) {
  f <- if (is.null(N)) 0 else length(r) / N
  keep <- r >= 2
  c <- counts[keep, , drop = FALSE]; ri <- r[keep]
  n <- length(ri)
  if (n == 0) return(empty())
  r_mean <- mean(ri)
  epsilon <- 1 / sum(ri)
  pa_raw <- rowSums(c * (c - 1)) / (r_mean * (ri - 1))
  pa_prime <- mean(pa_raw)
  pa <- (1 - epsilon) * pa_prime + epsilon
  if (q < 2) return(empty(pa))
  pi <- colSums(c / r_mean) / n
  pe <- sum(pi^2)
  if (pe >= pe_one) return(empty(pa, pe))
  alpha <- (pa - pe) / (1 - pe)
  alpha_prime <- (pa_prime - pe) / (1 - pe)
  shift <- (ri - r_mean) / r_mean
  pa_i <- pa_raw - pa * shift
  pe_i <- as.vector(c %*% pi) / r_mean - pe * shift
  terms <- (pa_i - pe) / (1 - pe) - 2 * (1 - alpha_prime) * (pe_i - pe) / (1 - pe)
  variance <- if (n > 1) (1 - f) / (n * (n - 1)) * sum((terms - alpha_prime)^2) else 0
  with_inference(pa, pe, alpha, variance, n, level)
}

majority <- function(counts, categories, tie_category) {
  per <- setNames(rep(0L, length(categories)), categories)
  ties <- 0L
  for (i in seq_len(nrow(counts))) {
    leaders <- which(counts[i, ] == max(counts[i, ]))
    label <- if (length(leaders) > 1) { ties <- ties + 1L; tie_category } else categories[leaders]
    if (!is.null(label)) per[label] <- per[label] + 1L
  }
  list(per = per, ties = ties)
}

error_rate_bound <- function(x, n, N, level) {
  binomial <- if (x == n) 1 else qbeta(level, x + 1, n - x)
  count <- NULL
  if (!is.null(N)) {
    alpha <- 1 - level
    lo <- x; hi <- N - (n - x)
    while (lo < hi) {
      mid <- ceiling((lo + hi) / 2)
      if (phyper(x, mid, N - mid, n) >= alpha) lo <- mid else hi <- mid - 1
    }
    count <- lo
  }
  list(incorrect = x, sampled = n, observedRate = if (n == 0) NULL else x / n, binomialUpper = binomial,
       hypergeometricUpperCount = count, hypergeometricUpper = if (is.null(count)) NULL else count / N)
}

# --- comparison ------------------------------------------------------------------------------------

rows <- list()
failures <- 0
compare <- function(dimension, name, reported, recomputed, tol = tolerance, exact = FALSE, extra = "") {
  if (is.character(reported) || is.character(recomputed)) {
    ok <- identical(reported, recomputed); diff <- ""
  } else if (is.null(reported) || is.null(recomputed)) {
    ok <- is.null(reported) && is.null(recomputed); diff <- ""
  } else {
    d <- recomputed - reported
    ok <- if (exact) d == 0 else abs(d) <= tol
    diff <- formatC(d, digits = 3, format = "g")
  }
  show <- function(v) if (is.null(v)) "null" else format(v, digits = 17)
  if (!ok) failures <<- failures + 1
  rows[[length(rows) + 1]] <<- c(dimension, name, show(reported), show(recomputed), diff, if (ok) "ok" else "DIFFERS", extra)
}

irrcac <- requireNamespace("irrCAC", quietly = TRUE)
irrcac_value <- function(name, wide, categories, N, level) {
  if (!irrcac) return("")
  fn <- switch(name, gwetAc1 = irrCAC::gwet.ac1.raw, fleissKappa = irrCAC::fleiss.kappa.raw, krippendorffAlpha = irrCAC::krippen.alpha.raw)
  est <- tryCatch(fn(wide, categ.labels = categories, N = if (is.null(N)) Inf else N, conflev = level)$est, error = function(e) NULL)
  if (is.null(est)) return("irrCAC: failed")
  sprintf("irrCAC %s: %.12g (se %.12g)", as.character(utils::packageVersion("irrCAC")), est$coeff.val, est$coeff.se)
}

args <- commandArgs(trailingOnly = TRUE)
flags <- args[startsWith(args, "--")]
if (length(setdiff(flags, "--all-replicates")) > 0) {
  stop(sprintf("unknown option %s; usage: Rscript reproduce.R [--all-replicates] [PACKAGE_DIR]", setdiff(flags, "--all-replicates")[1]))
}
all_replicates <- "--all-replicates" %in% flags
args <- args[!startsWith(args, "--")]
folder <- if (length(args) > 0) args[1] else "."
report <- if (requireNamespace("jsonlite", quietly = TRUE)) {
  jsonlite::fromJSON(file.path(folder, "report.json"), simplifyVector = FALSE)
} else read_json(file.path(folder, "report.json"))
long <- read.csv(file.path(folder, "ratings-long.csv"), colClasses = "character", na.strings = character(0), encoding = "UTF-8")
if (!identical(names(long), c("dimension", "item", "rater", "category"))) stop("ratings-long.csv: expected the header dimension,item,rater,category")

for (dimension in report$dimensions) {
  key <- dimension$key
  agreement <- dimension$agreement
  options <- agreement$options
  if (options$weights != "unweighted") stop(sprintf("%s: weights %s are not reproduced by this script", key, options$weights))
  categories <- unlist(agreement$categories)
  mine <- long[long$dimension == key, ]
  unknown <- setdiff(unique(mine$category), categories)
  if (length(unknown) > 0) stop(sprintf("ratings-long.csv: category %s is not one of %s's categories", unknown[1], key))
  items <- unique(mine$item)
  counts <- matrix(0, nrow = length(items), ncol = length(categories))
  tab <- table(factor(mine$item, levels = items), factor(mine$category, levels = categories))
  counts[, ] <- as.vector(tab)
  r <- rowSums(counts)
  q <- length(categories); N <- options$populationSize; level <- options$confidenceLevel
  wide <- if (irrcac) {
    w <- read.csv(file.path(folder, sprintf("ratings-wide-%s.csv", key)), colClasses = "character", na.strings = "")
    w[, -1, drop = FALSE]
  } else NULL

  compare(key, "items rated", agreement$items$total, length(items), exact = TRUE)
  compare(key, "items with 2+ ratings", agreement$items$withTwoOrMoreRatings, sum(r >= 2), exact = TRUE)
  m <- majority(counts, categories, options$tieCategory)
  for (entry in agreement$majority$counts) compare(key, paste("majority", entry$category), entry$count, unname(m$per[entry$category]), exact = TRUE)
  compare(key, "majority ties", agreement$majority$ties, m$ties, exact = TRUE)
  two <- r >= 2
  if (sum(two) > 0) {
    top <- apply(counts[two, , drop = FALSE], 1, max)
    compare(key, "share at least two agree", agreement$shares$atLeastTwoAgree, sum(top >= 2) / sum(two))
    compare(key, "share all agree", agreement$shares$allAgree, sum(top == r[two]) / sum(two))
  } else {
    compare(key, "share at least two agree", agreement$shares$atLeastTwoAgree, NULL)
    compare(key, "share all agree", agreement$shares$allAgree, NULL)
  }
  for (name in c("gwetAc1", "fleissKappa", "krippendorffAlpha")) {
    fn <- switch(name, gwetAc1 = gwet_ac1, fleissKappa = fleiss_kappa, krippendorffAlpha = krippendorff_alpha)
    ours <- fn(counts, r, q, N, level)
    theirs <- agreement$coefficients[[name]]
    for (field in c("pa", "pe")) compare(key, paste(name, field), theirs[[field]], ours[[field]])
    compare(key, paste(name, "coeff"), theirs$coeff, ours$coeff, extra = irrcac_value(name, wide, categories, N, level))
    compare(key, paste(name, "se"), theirs$se, ours$se)
    for (field in c("ciLower", "ciUpper")) compare(key, paste(name, field), theirs[[field]], ours[[field]], tol = ci_tolerance)
  }
  bound <- dimension$errorRateBound
  if (!is.null(bound)) {
    x <- unname(m$per[dimension$errorCategory])
    b <- error_rate_bound(x, length(items), N, level)
    compare(key, paste("bound: majority", dimension$errorCategory), bound$incorrect, b$incorrect, exact = TRUE)
    compare(key, "bound: items rated", bound$sampled, b$sampled, exact = TRUE)
    compare(key, "bound: observed rate", bound$observedRate, b$observedRate)
    compare(key, "bound: Clopper-Pearson", bound$binomialUpper, b$binomialUpper)
    compare(key, "bound: hypergeometric count", bound$hypergeometricUpperCount, b$hypergeometricUpperCount, exact = TRUE)
    compare(key, "bound: hypergeometric", bound$hypergeometricUpper, b$hypergeometricUpper)
  }
}

# --- agreement over time ---------------------------------------------------------------------------

invisible(Sys.setlocale("LC_COLLATE", "C")) # ISO times compare as instants only byte by byte

window_bounds <- function(n, k) {
  count <- min(max(1, floor(k)), n)
  lapply(seq_len(count) - 1, function(w) c(floor(w * n / count), floor((w + 1) * n / count)))
}

percent_agreement <- function(counts, r, N, level) {
  n <- length(r); n2 <- sum(r >= 2)
  if (n2 == 0) return(empty())
  o <- observed(counts, r)
  f <- if (is.null(N)) 0 else n / N
  variance <- if (n > 1) (1 - f) / (n * (n - 1)) * sum(((n / n2) * o$pa_i - o$pa)^2) else 0
  with_inference(o$pa, 0, o$pa, variance, n, level)
}

strict_majority <- function(categories) {
  if (length(categories) == 0) return(NULL)
  tally <- table(categories)
  leaders <- names(tally)[tally == max(tally)]
  if (length(leaders) == 1) leaders else NULL
}

field <- function(x, name) if (is.null(x)) NULL else x[[name]]

check_rater <- function(key, rater, mine_dim, items, k, min_items) {
  label <- rater$rater
  own <- mine_dim[mine_dim$rater == label, ]
  # (not `rows`: that is the comparison's table)
  queue <- lapply(seq_len(nrow(own)), function(i) {
    others <- mine_dim$category[mine_dim$item == own$item[i] & mine_dim$rater != label]
    m <- strict_majority(others)
    list(position = own$position[i], rank = match(own$item[i], items), match = if (is.null(m)) NA else m == own$category[i], ms = own$ms[i])
  })
  if (length(queue) > 0) queue <- queue[order(sapply(queue, `[[`, "position"), sapply(queue, `[[`, "rank"))]
  bounds <- window_bounds(length(queue), k)
  compare(key, paste(label, "windows"), length(rater$windows), length(bounds), exact = TRUE)
  for (w in seq_along(bounds)) {
    part <- queue[(bounds[[w]][1] + 1):bounds[[w]][2]]
    matches <- sapply(part, `[[`, "match")
    compared <- sum(!is.na(matches)); agreeing <- sum(matches %in% TRUE)
    ms <- sapply(part, `[[`, "ms")
    minutes <- ms[ms > 0] / 60000
    reported <- if (w <= length(rater$windows)) rater$windows[[w]] else NULL
    name <- paste(label, "window", w)
    compare(key, paste(name, "items"), field(reported, "items"), length(part), exact = TRUE)
    span <- function(a, b) if (is.null(a) || is.null(b)) "" else sprintf("%.0f-%.0f", a, b) # no "1e+05"
    compare(key, paste(name, "positions"), span(field(reported, "fromPosition"), field(reported, "toPosition")),
            span(part[[1]]$position, part[[length(part)]]$position))
    compare(key, paste(name, "compared"), field(reported, "compared"), compared, exact = TRUE)
    compare(key, paste(name, "agreeing"), field(reported, "agreeing"), agreeing, exact = TRUE)
    compare(key, paste(name, "share"), field(reported, "share"), if (compared == 0) NULL else agreeing / compared)
    compare(key, paste(name, "status"), field(reported, "status"), if (compared < min_items) "tooFew" else "ok")
    compare(key, paste(name, "median minutes"), field(reported, "medianMinutes"), if (length(minutes) == 0) NULL else median(minutes))
  }
}

over_time <- report$agreementOverTime
if (!is.null(over_time)) {
  times <- read.csv(file.path(folder, "rating-times.csv"), colClasses = "character", na.strings = character(0), encoding = "UTF-8")
  if (!identical(names(times), c("dimension", "item", "rater", "rated_at", "queue_position", "active_ms"))) {
    stop("rating-times.csv: expected the header dimension,item,rater,rated_at,queue_position,active_ms")
  }
  if (nrow(times) != nrow(long) || !all(times$dimension == long$dimension & times$item == long$item & times$rater == long$rater)) {
    stop("rating-times.csv: its rows are not the ratings of ratings-long.csv, line by line")
  }
  all_rows <- data.frame(dimension = long$dimension, item = long$item, rater = long$rater, category = long$category,
                         at = times$rated_at, position = as.numeric(times$queue_position), ms = as.numeric(times$active_ms),
                         stringsAsFactors = FALSE)
  k <- over_time$options$windows; min_items <- over_time$options$minItems; drop_share <- over_time$options$dropShare
  by_key <- setNames(report$dimensions, sapply(report$dimensions, `[[`, "key"))
  for (dim in over_time$dimensions) {
    key <- dim$key
    agreement <- by_key[[key]]$agreement
    categories <- unlist(agreement$categories); level <- agreement$options$confidenceLevel
    mine <- all_rows[all_rows$dimension == key, ]
    items <- unique(mine$item) # ratings-long.csv lists items in sample order
    n_ratings <- table(factor(mine$item, levels = items))
    judged <- items[n_ratings >= 2]
    last <- sapply(judged, function(it) max(mine$at[mine$item == it]))
    judged <- judged[order(last, match(judged, items))]
    last <- unname(last[judged])
    windows <- list()
    for (w in seq_along(window_bounds(length(judged), k))) {
      b <- window_bounds(length(judged), k)[[w]]
      part <- judged[(b[1] + 1):b[2]]
      in_window <- mine[mine$item %in% part, ]
      counts <- matrix(0, nrow = length(part), ncol = length(categories))
      counts[, ] <- as.vector(table(factor(in_window$item, levels = part), factor(in_window$category, levels = categories)))
      r <- rowSums(counts)
      ac1 <- gwet_ac1(counts, r, length(categories), NULL, level)
      pa <- percent_agreement(counts, r, NULL, level)
      status <- if (length(part) < min_items) "tooFew" else if (!is.null(pa$pa) && pa$pa == 1) "totalAgreement" else "ok"
      windows[[w]] <- list(to = last[b[2]], status = status, coeff = ac1$coeff)
      reported <- if (w <= length(dim$windows)) dim$windows[[w]] else NULL
      name <- paste("window", w)
      compare(key, paste(name, "items"), field(reported, "items"), length(part), exact = TRUE)
      compare(key, paste(name, "from"), field(reported, "from"), last[b[1] + 1])
      compare(key, paste(name, "to"), field(reported, "to"), last[b[2]])
      compare(key, paste(name, "status"), field(reported, "status"), status)
      for (f in c("pa", "pe", "coeff", "se")) {
        compare(key, paste(name, "gwetAc1", f), field(field(reported, "gwetAc1"), f), ac1[[f]])
        compare(key, paste(name, "percentAgreement", f), field(field(reported, "percentAgreement"), f), pa[[f]])
      }
      for (f in c("ciLower", "ciUpper")) {
        compare(key, paste(name, "gwetAc1", f), field(field(reported, "gwetAc1"), f), ac1[[f]], tol = ci_tolerance)
        compare(key, paste(name, "percentAgreement", f), field(field(reported, "percentAgreement"), f), pa[[f]], tol = ci_tolerance)
      }
    }
    compare(key, "windows", length(dim$windows), length(windows), exact = TRUE)
    overall <- agreement$coefficients$gwetAc1$coeff
    latest <- if (length(windows) > 0 && windows[[length(windows)]]$status != "tooFew") windows[[length(windows)]]$coeff else NULL
    share <- if (!is.null(overall) && !is.null(latest) && overall > 0) (overall - latest) / overall else NULL
    # The whole-audit AC1 the drop is measured against: the dimension's, recomputed above.
    compare(key, "drop: whole-audit AC1", dim$drop$overall, overall)
    compare(key, "drop: latest window AC1", dim$drop$latest, latest)
    compare(key, "drop: share", dim$drop$share, share)
    compare(key, "drop: prompt", as.integer(isTRUE(dim$drop$prompt)), as.integer(!is.null(share) && share > drop_share), exact = TRUE)
    for (e in dim$guidelineEdits) {
      after <- sum(vapply(windows, function(x) x$to < e$at, logical(1)))
      compare(key, paste("guideline edit", e$at, "after windows"), e$afterWindows, after, exact = TRUE)
    }
    for (rater in dim$raters) check_rater(key, rater, mine, items, k, min_items)
  }
}

# --- rater quality ---------------------------------------------------------------------------------
# ClinAudit's frozen PRNG (spec v1), written out in base R: SHA-256 of the JSON
# ["clinaudit-prng",1,seed,stream] gives xoshiro256**'s four 64-bit words. R has no 64-bit integers,
# so a word is two 32-bit halves held in doubles (exact below 2^53) and xor goes through bitwXor. Every function takes vectors: the B generators of a bootstrap (one stream
# per replicate) run side by side.

# (16-bit halves: R's integers stop short of -2^31, so the signed view of 2^31 does not exist)
bit32 <- function(f, a, b) {
  f(as.integer(a %/% 65536), as.integer(b %/% 65536)) * 65536 + f(as.integer(a %% 65536), as.integer(b %% 65536))
}
xor32 <- function(a, b) bit32(bitwXor, a, b)
and32 <- function(a, b) bit32(bitwAnd, a, b)
shr32 <- function(x, k) x %/% 2^k
shl32 <- function(x, k) (x %% 2^(32 - k)) * 2^k
rotr32 <- function(x, k) shr32(x, k) + shl32(x, 32 - k)

sha256_k <- c(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2)
sha256_h <- c(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)

# SHA-256 of each string's UTF-8 bytes: a matrix with one row of eight 32-bit words per string.
sha256_words <- function(texts) {
  padded <- lapply(texts, function(text) {
    b <- as.numeric(charToRaw(enc2utf8(text)))
    bits <- length(b) * 8
    zeros <- (55 - length(b)) %% 64
    c(b, 128, rep(0, zeros), 0, 0, 0, 0, (bits %/% 2^24) %% 256, (bits %/% 2^16) %% 256, (bits %/% 2^8) %% 256, bits %% 256)
  })
  out <- matrix(0, nrow = length(texts), ncol = 8)
  sizes <- vapply(padded, length, numeric(1))
  for (size in unique(sizes)) { # messages of one length are hashed together
    rows <- which(sizes == size)
    bytes <- matrix(unlist(padded[rows]), nrow = length(rows), byrow = TRUE)
    h <- matrix(sha256_h, nrow = length(rows), ncol = 8, byrow = TRUE)
    for (block in seq_len(size / 64) - 1) {
      w <- matrix(0, nrow = length(rows), ncol = 64)
      for (t in 1:16) {
        at <- block * 64 + (t - 1) * 4
        w[, t] <- bytes[, at + 1] * 2^24 + bytes[, at + 2] * 2^16 + bytes[, at + 3] * 2^8 + bytes[, at + 4]
      }
      for (t in 17:64) {
        s0 <- xor32(xor32(rotr32(w[, t - 15], 7), rotr32(w[, t - 15], 18)), shr32(w[, t - 15], 3))
        s1 <- xor32(xor32(rotr32(w[, t - 2], 17), rotr32(w[, t - 2], 19)), shr32(w[, t - 2], 10))
        w[, t] <- (w[, t - 16] + s0 + w[, t - 7] + s1) %% 2^32
      }
      v <- lapply(1:8, function(i) h[, i])
      for (t in 1:64) {
        e <- v[[5]]; a <- v[[1]]
        S1 <- xor32(xor32(rotr32(e, 6), rotr32(e, 11)), rotr32(e, 25))
        ch <- xor32(and32(e, v[[6]]), and32(2^32 - 1 - e, v[[7]]))
        t1 <- (v[[8]] + S1 + ch + sha256_k[t] + w[, t]) %% 2^32
        S0 <- xor32(xor32(rotr32(a, 2), rotr32(a, 13)), rotr32(a, 22))
        maj <- xor32(xor32(and32(a, v[[2]]), and32(a, v[[3]])), and32(v[[2]], v[[3]]))
        t2 <- (S0 + maj) %% 2^32
        v <- list((t1 + t2) %% 2^32, a, v[[2]], v[[3]], (v[[4]] + t1) %% 2^32, e, v[[6]], v[[7]])
      }
      for (i in 1:8) h[, i] <- (h[, i] + v[[i]]) %% 2^32
    }
    out[rows, ] <- h
  }
  out
}

json_string <- function(s) {
  s <- gsub("\\", "\\\\", s, fixed = TRUE)
  s <- gsub("\"", "\\\"", s, fixed = TRUE)
  s <- gsub("\n", "\\n", s, fixed = TRUE); s <- gsub("\r", "\\r", s, fixed = TRUE); s <- gsub("\t", "\\t", s, fixed = TRUE)
  paste0("\"", s, "\"")
}

# B generators, one per stream label: their state as eight vectors of 32-bit halves (hi0, lo0, ...).
prng_streams <- function(seed, streams) {
  h <- sha256_words(sprintf("[\"clinaudit-prng\",1,%s,%s]", json_string(seed), json_string(streams)))
  env <- new.env()
  env$s <- lapply(1:8, function(i) h[, i])
  env
}

mul64 <- function(hi, lo, c) {
  p <- lo * c
  list(hi = (hi * c + p %/% 2^32) %% 2^32, lo = p %% 2^32)
}
rotl64 <- function(hi, lo, k) {
  if (k >= 32) { t <- hi; hi <- lo; lo <- t; k <- k - 32 }
  if (k == 0) return(list(hi = hi, lo = lo))
  list(hi = shl32(hi, k) + shr32(lo, 32 - k), lo = shl32(lo, k) + shr32(hi, 32 - k))
}

# xoshiro256** 1.0: the next output of every generator, as list(hi, lo).
prng_next <- function(env) {
  s <- env$s # s0 = (s[[1]], s[[2]]), s1 = (s[[3]], s[[4]]), ...
  x <- mul64(s[[3]], s[[4]], 5)
  x <- rotl64(x$hi, x$lo, 7)
  result <- mul64(x$hi, x$lo, 9)
  t_hi <- shl32(s[[3]], 17) + shr32(s[[4]], 15); t_lo <- shl32(s[[4]], 17)
  s[[5]] <- xor32(s[[5]], s[[1]]); s[[6]] <- xor32(s[[6]], s[[2]])
  s[[7]] <- xor32(s[[7]], s[[3]]); s[[8]] <- xor32(s[[8]], s[[4]])
  s[[3]] <- xor32(s[[3]], s[[5]]); s[[4]] <- xor32(s[[4]], s[[6]])
  s[[1]] <- xor32(s[[1]], s[[7]]); s[[2]] <- xor32(s[[2]], s[[8]])
  s[[5]] <- xor32(s[[5]], t_hi); s[[6]] <- xor32(s[[6]], t_lo)
  r <- rotl64(s[[7]], s[[8]], 45); s[[7]] <- r$hi; s[[8]] <- r$lo
  env$s <- s
  result
}

# One draw in [0, n) per generator (n < 2^26): x mod n from the halves, rejecting x >= 2^64 - (2^64 mod n),
# which for a remainder below 2^32 means a high half of all ones and a low half >= 2^32 - remainder.
prng_int <- function(env, n) {
  if (n == 1) return(rep(0, length(env$s[[1]])))
  m <- 2^32 %% n
  remainder <- (m * m) %% n
  x <- prng_next(env)
  rejected <- remainder != 0 & x$hi == 2^32 - 1 & x$lo >= 2^32 - remainder
  while (any(rejected)) {
    kept <- env$s
    y <- prng_next(env)
    env$s <- mapply(function(a, b) ifelse(rejected, a, b), env$s, kept, SIMPLIFY = FALSE)
    x$hi <- ifelse(rejected, y$hi, x$hi); x$lo <- ifelse(rejected, y$lo, x$lo)
    rejected <- rejected & remainder != 0 & y$hi == 2^32 - 1 & y$lo >= 2^32 - remainder
  }
  (((x$hi %% n) * m) + x$lo) %% n
}

# B x n item indices (1-based): row b is replicate b, drawn from stream "<stream>/<b>".
bootstrap_draws <- function(seed, stream, B, n) {
  env <- prng_streams(seed, sprintf("%s/%d", stream, seq_len(B)))
  out <- matrix(0L, nrow = B, ncol = n)
  for (j in seq_len(n)) out[, j] <- prng_int(env, n) + 1
  out
}

type7 <- function(values, p) {
  v <- sort(values)
  h <- (length(v) - 1) * p
  i <- floor(h)
  if (i + 1 >= length(v)) v[i + 1] else v[i + 1] + (h - i) * (v[i + 2] - v[i + 1])
}
percentile_interval <- function(replicates, level) {
  counted <- replicates[!is.na(replicates)]
  if (length(counted) == 0) return(NULL)
  alpha <- (1 - level) / 2
  list(lower = type7(counted, alpha), upper = type7(counted, 1 - alpha))
}

quality <- report$raterQuality
if (!is.null(quality)) {
  B <- quality$method$replicates; q_level <- quality$method$level; seed <- quality$method$seed; stream <- quality$method$stream
  raters <- unlist(report$audit$raters)
  by_key <- setNames(report$dimensions, sapply(report$dimensions, `[[`, "key"))
  for (dim in quality$dimensions) {
    key <- dim$key
    uncertain <- if ("uncertain" %in% unlist(by_key[[key]]$agreement$categories)) "uncertain" else NULL
    compare(key, "rater quality: uncertain category", dim$uncertainCategory, uncertain)
    mine <- long[long$dimension == key, ]
    items <- unique(mine$item) # sample order
    n <- length(items); k <- length(raters)
    compare(key, "rater quality: items", dim$items, n, exact = TRUE)
    rated <- compared <- agreeing <- unsure <- matrix(0, nrow = n, ncol = k)
    split <- rep(0, k)
    for (i in seq_len(n)) {
      votes <- mine[mine$item == items[i], ]
      for (v in seq_len(nrow(votes))) {
        g <- match(votes$rater[v], raters)
        rated[i, g] <- 1
        unsure[i, g] <- as.numeric(!is.null(uncertain) && votes$category[v] == uncertain)
        others <- votes$category[-v]
        m <- strict_majority(others)
        if (is.null(m)) {
          split[g] <- split[g] + (length(others) > 0)
        } else {
          compared[i, g] <- 1
          agreeing[i, g] <- as.numeric(m == votes$category[v])
        }
      }
    }
    agreement_reps <- unsure_reps <- matrix(NA_real_, nrow = B, ncol = k)
    if (n > 0) {
      drawn <- bootstrap_draws(seed, paste0(stream, "/", key), B, n)
      weights <- t(apply(drawn, 1, function(row) tabulate(row, nbins = n))) # B x n: how often each item was drawn
      s_rated <- weights %*% rated; s_compared <- weights %*% compared; s_agreeing <- weights %*% agreeing; s_unsure <- weights %*% unsure
      agreement_reps <- ifelse(s_compared > 0, s_agreeing / s_compared, NA_real_)
      unsure_reps <- ifelse(s_rated > 0, s_unsure / s_rated, NA_real_)
    }
    for (g in seq_len(k)) {
      row <- dim$raters[[g]]
      name <- paste(raters[g], "quality")
      compare(key, paste(name, "rater"), row$rater, raters[g])
      compare(key, paste(name, "rated"), row$rated, sum(rated[, g]), exact = TRUE)
      compare(key, paste(name, "compared"), row$compared, sum(compared[, g]), exact = TRUE)
      compare(key, paste(name, "agreeing"), row$agreeing, sum(agreeing[, g]), exact = TRUE)
      compare(key, paste(name, "split"), row$split, split[g], exact = TRUE)
      share <- if (sum(compared[, g]) > 0) sum(agreeing[, g]) / sum(compared[, g]) else NULL
      compare(key, paste(name, "agreement"), row$agreement, share)
      ci <- if (!is.null(share) && n > 0) percentile_interval(agreement_reps[, g], q_level) else NULL
      for (end in c("lower", "upper")) compare(key, paste(name, "agreement CI", end), field(row$agreementCi, end), field(ci, end))
      count <- if (is.null(uncertain)) NULL else sum(unsure[, g])
      compare(key, paste(name, "uncertain"), row$uncertain, count, exact = TRUE)
      ushare <- if (is.null(count) || sum(rated[, g]) == 0) NULL else count / sum(rated[, g])
      compare(key, paste(name, "uncertain share"), row$uncertainShare, ushare)
      uci <- if (!is.null(ushare) && n > 0) percentile_interval(unsure_reps[, g], q_level) else NULL
      for (end in c("lower", "upper")) compare(key, paste(name, "uncertain CI", end), field(row$uncertainCi, end), field(uci, end))
    }
  }
  if (!is.null(quality$time)) {
    times <- read.csv(file.path(folder, "rating-times.csv"), colClasses = "character", na.strings = character(0), encoding = "UTF-8")
    cases <- times[!duplicated(paste(times$item, times$rater, sep = "\r")), ]
    first <- unique(times$item)
    for (g in seq_along(quality$time)) {
      row <- quality$time[[g]]
      own <- cases[cases$rater == raters[g] & as.numeric(cases$active_ms) > 0, ]
      own <- own[order(as.numeric(own$queue_position), match(own$item, first)), ]
      minutes <- as.numeric(own$active_ms) / 60000
      m <- length(minutes)
      compare("(all)", paste(raters[g], "time: measured"), row$measured, m, exact = TRUE)
      compare("(all)", paste(raters[g], "time: median minutes"), row$medianMinutes, if (m > 0) type7(minutes, 0.5) else NULL)
      ci <- NULL
      if (m > 0) {
        drawn <- bootstrap_draws(seed, paste0(stream, "/time/", raters[g]), B, m)
        ci <- percentile_interval(apply(drawn, 1, function(row) type7(minutes[row], 0.5)), q_level)
      }
      for (end in c("lower", "upper")) compare("(all)", paste(raters[g], "time: median CI", end), field(row$medianCi, end), field(ci, end))
    }
  }
}

# --- latent-class estimates (Dawid-Skene) ----------------------------------------------------------

# One E-step under the parameters: every item's posterior T[i, c] ∝ prior[c] Π_r theta[r, c, k_ri] and the
# log-likelihood Σ_i w_i log Σ_c prior[c] Π_r theta[r, c, k_ri].
e_step <- function(gave, prior, theta, w = rep(1, dim(gave)[1])) {
  n <- dim(gave)[1]; R <- dim(gave)[2]; q <- dim(gave)[3]
  log_joint <- matrix(log(prior), n, q, byrow = TRUE)
  for (r in seq_len(R)) for (k in seq_len(q)) {
    who <- gave[, r, k] == 1
    if (any(who)) log_joint[who, ] <- sweep(log_joint[who, , drop = FALSE], 2, log(theta[r, , k]), "+")
  }
  top <- apply(log_joint, 1, max)
  joint <- exp(log_joint - top)
  total <- rowSums(joint)
  list(T = joint / total, logLikelihood = sum(w * (top + log(total))))
}

# The report's fit stops after at most 1,000,000 EM iterations, a bootstrap refit after 10,000.
max_iterations <- 1000000
replicate_max_iterations <- 10000
# Confusion matrices of two raters the ratings cannot tell apart, further apart than this: the fit chose.
mirror_tolerance <- 1e-6

dawid_skene <- function(gave, w = rep(1, dim(gave)[1]), cap = max_iterations) {
  # gave[i, r, k] = 1 when rater r gave k on item i (rated items only). Issue #34's algorithm.
  # w: how many times each item counts (a bootstrap replicate's draw); once each by default.
  n <- dim(gave)[1]; R <- dim(gave)[2]; q <- dim(gave)[3]
  rated <- apply(gave, c(1, 2), sum)
  T <- apply(gave, c(1, 3), sum); T <- T / rowSums(T)
  iterations <- 0
  repeat {
    iterations <- iterations + 1
    prior <- colSums(w * T) / sum(w)
    theta <- array(0, c(R, q, q))
    for (r in seq_len(R)) for (c in seq_len(q)) {
      mass <- sum(w * T[, c] * rated[, r])
      theta[r, c, ] <- if (mass > 0) colSums(w * T[, c] * matrix(gave[, r, ], n, q)) / mass else rep(1 / q, q)
    }
    step <- e_step(gave, prior, theta, w)
    change <- max(abs(step$T - T))
    T <- step$T
    if (change < 1e-12 || iterations >= cap) break
  }
  list(prior = prior, theta = theta, T = T, iterations = iterations, converged = change < 1e-12,
       logLikelihood = step$logLikelihood)
}

# The same fit over the distinct patterns of ratings, each weighted by how many items show it (items with
# the same ratings have the same posteriors at every step): what a slow fit's many iterations cost grows
# with the patterns, not the items. The posteriors are given back per item.
dawid_skene_items <- function(gave) {
  n <- dim(gave)[1]
  flat <- matrix(gave, n)
  key <- apply(flat, 1, paste, collapse = "")
  first <- !duplicated(key)
  pattern_of <- match(key, key[first])
  fit <- dawid_skene(gave[first, , , drop = FALSE], tabulate(pattern_of, nbins = sum(first)))
  fit$T <- fit$T[pattern_of, , drop = FALSE]
  fit
}

trading_pairs <- function(gave, w = rep(1, dim(gave)[1]), keep = function(g, h) TRUE, first = FALSE) {
  # The pairs of raters (in order) whose columns of ratings can be swapped without changing the data:
  # each pattern counts (with the items' weights w) as much as the one with their ratings swapped. keep:
  # a cheaper test a pair must pass first; first: stop at the first pair.
  R <- dim(gave)[2]
  codes <- matrix(apply(gave, c(1, 2), function(v) if (any(v == 1)) which.max(v) else 0L), ncol = R)
  counts <- tapply(w, apply(codes, 1, paste, collapse = ","), sum)
  given <- apply(gave * w, c(2, 3), sum) # how often each rater gave each category: alike for raters who trade places
  pairs <- list()
  for (g in seq_len(R - 1)) for (h in seq(g + 1, R)) {
    if (!keep(g, h) || !isTRUE(all.equal(given[g, ], given[h, ], tolerance = 0))) next
    swapped <- codes; swapped[, c(g, h)] <- codes[, c(h, g)]
    other <- tapply(w, apply(swapped, 1, paste, collapse = ","), sum)
    if (setequal(names(counts), names(other)) && all(counts[names(other)] == other)) {
      pairs[[length(pairs) + 1]] <- c(g, h)
      if (first) return(pairs)
    }
  }
  pairs
}

# The first two raters (in order) whose ratings can trade places (trading_pairs), yet whose confusion
# matrices theta sets further apart than mirror_tolerance: the fit with their places traded is as likely.
# NULL: none.
mirrored_pair <- function(gave, theta, raters) {
  apart <- function(g, h) max(abs(theta[g, , ] - theta[h, , ])) > mirror_tolerance
  pairs <- trading_pairs(gave, keep = apart, first = TRUE)
  if (length(pairs) == 0) NULL else raters[pairs[[1]]]
}
pair_text <- function(pair) if (is.null(pair)) "none" else paste(pair, collapse = " and ")

# The item bootstrap of the error rate: replicate b draws n items from stream "<stream>/<b>" (nextInt(n)
# over the items in first-appearance order) and refits from the start; its value is the mean posterior
# of the error category over the drawn items. The leading replicates (all with --all-replicates) are
# refitted here; the percentile interval is recomputed from the B values in latent-class-replicates.csv.
leading_replicates <- 20
replicates_file <- file.path(folder, "latent-class-replicates.csv")
stored_replicates <- if (file.exists(replicates_file)) {
  read.csv(replicates_file, colClasses = c("character", "integer", "character"), na.strings = "", encoding = "UTF-8")
} else data.frame(dimension = character(0), replicate = integer(0), value = character(0))

check_latent_interval <- function(key, gave, e, interval) {
  name <- "latent class interval"
  B <- interval$replicates; n <- dim(gave)[1]
  stored <- stored_replicates[stored_replicates$dimension == key, ]
  compare(key, paste(name, "replicates stored"), B, nrow(stored), exact = TRUE)
  compare(key, paste(name, "replicates in order"), 1, as.numeric(identical(stored$replicate, seq_len(nrow(stored)))), exact = TRUE)
  values <- as.numeric(stored$value)
  K <- if (all_replicates) B else min(leading_replicates, B)
  drawn <- bootstrap_draws(interval$seed, interval$stream, K, n)
  worst <- 0; unsettled <- 0; capped <- 0
  for (b in seq_len(K)) {
    counts <- tabulate(drawn[b, ], nbins = n)
    used <- counts > 0
    fit <- dawid_skene(gave[used, , , drop = FALSE], counts[used], replicate_max_iterations)
    # Stopped at the cap on ratings in which two raters can trade places, the EM may still sit on the
    # saddle between the two twins or have left it, as rounding decides: not compared. Stopped at the cap
    # otherwise, it is where the app's stopped (the same steps, to rounding).
    if (!fit$converged && length(trading_pairs(gave[used, , , drop = FALSE], counts[used], first = TRUE)) > 0) {
      unsettled <- unsettled + 1; next
    }
    if (!fit$converged) capped <- capped + 1
    mine <- sum(counts[used] * fit$T[, e]) / sum(counts[used])
    # A degenerate refit (no value in the report, NaN here) agrees with itself; NaN against a value does not.
    d <- if (b > length(values)) Inf else if (is.na(values[b])) (if (is.na(mine)) 0 else Inf) else abs(mine - values[b])
    worst <- max(worst, if (is.na(d)) Inf else d)
  }
  if (capped > 0) {
    cat(sprintf("%s: %d of the %d refitted replicates stopped at %s iterations, as the app's did; compared there\n",
                key, capped, K, format(replicate_max_iterations, big.mark = ",", scientific = FALSE)))
  }
  if (unsettled > 0) {
    cat(sprintf("%s: %d of the %d refitted replicates stopped at %s iterations on ratings in which two raters can trade places (where they stopped depends on rounding); their values are not compared\n",
                key, unsettled, K, format(replicate_max_iterations, big.mark = ",", scientific = FALSE)))
  }
  compare(key, sprintf("%s replicates 1..%d refitted (largest difference)", name, K), 0, worst)
  compare(key, paste(name, "replicates counted"), interval$used, sum(!is.na(values)), exact = TRUE)
  ci <- percentile_interval(values, interval$level)
  compare(key, paste(name, "lower (from the stored replicates)"), interval$ciLower, field(ci, "lower"))
  compare(key, paste(name, "upper (from the stored replicates)"), interval$ciUpper, field(ci, "upper"))
}

for (dimension in report$dimensions) {
  lc <- dimension$latentClass
  if (is.null(lc)) next
  key <- dimension$key; categories <- unlist(lc$categories); q <- length(categories)
  mine <- long[long$dimension == key, ]
  items <- unique(mine$item); raters <- unique(mine$rater)
  gave <- array(0, c(length(items), length(raters), q))
  gave[cbind(match(mine$item, items), match(mine$rater, raters), match(mine$category, categories))] <- 1
  mirrored <- if (is.null(lc$mirrored)) NULL else unlist(lc$mirrored)
  refitted <- isTRUE(lc$converged) && is.null(mirrored)
  if (refitted) {
    fit <- dawid_skene_items(gave); name <- "latent class"
    compare(key, paste(name, "converged"), 1, as.numeric(fit$converged), exact = TRUE)
    # Within one: at the 1e-12 stopping threshold, sums taken in another order can stop a slowly
    # converging fit one EM iteration from the app's; every estimate still agrees.
    compare(key, paste(name, "iterations"), lc$iterations, fit$iterations, tol = 1)
    compare(key, paste(name, "raters set apart that can trade places"), "none", pair_text(mirrored_pair(gave, fit$theta, raters)))
  } else {
    # Not determined by the ratings, so a refit is not expected to match: stopped at the cap, the EM had
    # not settled and where it stood depends on the cap, rounding and the order of the sums; or it set apart
    # two raters whose ratings can trade places, and which of the two equally likely fits it reached
    # depends on the same. Every number is recomputed from the report's own prior and confusion
    # matrices instead: one E-step gives the posteriors and the likelihood.
    prior <- as.numeric(unlist(lc$prior))
    theta <- array(0, c(length(raters), q, q))
    for (rater in lc$raters) theta[match(rater$rater, raters), , ] <- matrix(as.numeric(unlist(rater$confusion)), q, q, byrow = TRUE)
    step <- e_step(gave, prior, theta)
    fit <- list(prior = prior, theta = theta, T = step$T, logLikelihood = step$logLikelihood)
    if (!isTRUE(lc$converged)) {
      cat(sprintf("%s: the latent-class fit stopped at %s EM iterations without converging; its numbers are recomputed from its own prior and confusion matrices, not from a refit\n",
                  key, format(lc$iterations, big.mark = ",", scientific = FALSE)))
      name <- "latent class (not converged; from its parameters)"
      compare(key, paste(name, "iterations"), lc$iterations, max_iterations, exact = TRUE)
    } else {
      cat(sprintf("%s: the latent-class fit set apart %s and %s, whose ratings can trade places; its numbers are recomputed from its own prior and confusion matrices, not from a refit\n",
                  key, mirrored[1], mirrored[2]))
      name <- "latent class (two raters set apart; from its parameters)"
      compare(key, paste(name, "raters set apart that can trade places"), pair_text(mirrored), pair_text(mirrored_pair(gave, theta, raters)))
    }
  }
  compare(key, paste(name, "log-likelihood"), lc$logLikelihood, fit$logLikelihood)
  # Without a refit the prior and confusion matrices are the report's own: nothing to compare.
  if (refitted) for (c in seq_len(q)) compare(key, paste(name, "prior", categories[c]), unlist(lc$prior)[c], fit$prior[c])
  e <- if (is.null(dimension$errorCategory)) NA else match(dimension$errorCategory, categories)
  for (rater in lc$raters) {
    g <- match(rater$rater, raters)
    reported <- matrix(unlist(rater$confusion), q, q, byrow = TRUE)
    if (refitted) compare(key, paste(name, rater$rater, "confusion (largest difference)"), 0, max(abs(reported - fit$theta[g, , ])))
    if (!is.na(e)) {
      others <- setdiff(seq_len(q), e); weight <- sum(fit$prior[others])
      compare(key, paste(name, rater$rater, "sensitivity"), field(rater, "sensitivity"), if (fit$prior[e] > 0) fit$theta[g, e, e] else NULL)
      compare(key, paste(name, rater$rater, "specificity"), field(rater, "specificity"),
              if (weight > 0) sum(fit$prior[others] * (1 - fit$theta[g, others, e])) / weight else NULL)
    }
  }
  reported <- do.call(rbind, lapply(lc$items, function(x) unlist(x$posterior)))
  order <- match(sapply(lc$items, `[[`, "externalId"), items)
  compare(key, paste(name, "posteriors of", length(items), "items (largest difference)"), 0, max(abs(reported - fit$T[order, , drop = FALSE])))
  tie <- dimension$agreement$options$tieCategory
  votes <- apply(gave, c(1, 3), sum)
  majority <- apply(votes, 1, function(v) if (sum(v == max(v)) == 1) categories[which.max(v)] else tie)
  modes <- categories[apply(fit$T, 1, which.max)]
  compare(key, paste(name, "items whose mode is not the majority"), length(lc$disagreements), sum(majority != modes), exact = TRUE)
  if (!is.na(e) && !is.null(lc$errorRate)) {
    compare(key, paste(name, "error rate (mean posterior)"), lc$errorRate$estimate, mean(fit$T[, e]))
    interval <- lc$errorRate$interval
    if (is.null(interval) && !refitted) {
      why <- if (!isTRUE(lc$converged)) "the fit did not converge" else "the ratings do not determine the fit"
      cat(sprintf("%s: no bootstrap interval for the latent-class error rate: %s\n", key, why))
    } else if (is.null(interval)) {
      cat(sprintf("%s: the latent-class error rate's bootstrap interval was not yet computed when this package was built\n", key))
    } else {
      compare(key, paste(name, "interval estimate"), interval$estimate, mean(fit$T[, e]))
      check_latent_interval(key, gave, e, interval)
    }
  }
}

# --- calibration round ------------------------------------------------------------------------------
# Each rater's practice answers of each round against the key (calibration.csv), the pass rule (at
# least the design's threshold of the answered questions match the key, once every item is answered), the
# round that counts (the rater's latest) and the summary of report.json's `calibration`.

cohen_kappa <- function(given, key) {
  categories <- sort(unique(c(given, key)))
  if (length(given) == 0 || length(categories) < 2) return(NULL)
  pa <- mean(given == key)
  pe <- sum(sapply(categories, function(k) mean(given == k) * mean(key == k)))
  (pa - pe) / (1 - pe)
}

summary_range <- function(values) {
  if (length(values) == 0) return(list(mean = NULL, min = NULL, max = NULL, n = 0))
  list(mean = sum(values) / length(values), min = min(values), max = max(values), n = length(values))
}

# calibration.csv and report.json against audit.json's `calibration` (the design): the practice
# items in order, every key (each row's key of an item and question must be the design's), the
# threshold, the mode, each round's raters, and that no practice item was rated in the sample.
check_calibration_design <- function(design, percent, cal, practice, rated_items) {
  name <- "calibration"
  listed <- vapply(design$practiceItems, `[[`, "", "item")
  if (nrow(practice) > 0) {
    compare(name, "design practice items", paste(listed, collapse = ","), paste(unique(practice$item), collapse = ","))
    compare(name, "design questions", sum(vapply(design$practiceItems, function(e) length(e$key), 0L)),
            nrow(unique(practice[, c("item", "question")])), exact = TRUE)
    for (entry in design$practiceItems) {
      for (question in names(entry$key)) {
        seen <- unique(practice$key[practice$item == entry$item & practice$question == question])
        compare(name, paste("design key", entry$item, question), entry$key[[question]], paste(sort(seen, method = "radix"), collapse = "|"))
      }
    }
  }
  compare(name, "design pass rule threshold (%)", cal$passPercent, percent, exact = TRUE)
  compare(name, "design mode", if (isTRUE(cal$gate)) "gate" else "report", design$mode)
  compare(name, "design rounds", length(cal$rounds), length(design$rounds), exact = TRUE)
  held <- unique(practice[, c("round", "rater")])
  for (entry in design$rounds) {
    compare(name, sprintf("design round %d raters", as.integer(entry$round)), paste(unlist(entry$raters), collapse = ","),
            paste(held$rater[as.integer(held$round) == entry$round], collapse = ","))
  }
  compare(name, "design practice items among the rated items", design$sample$practiceItemsInSample, sum(listed %in% rated_items), exact = TRUE)
}

# audit.json's pass rule threshold (a share, e.g. 0.8) as the whole percentage it stands for (80),
# so that the verdict matches * 100 >= percent * questions is exact, as in the app.
design_percent <- function(design) {
  t <- design$passRule$threshold
  if (!is.numeric(t) || length(t) != 1 || abs(t * 100 - round(t * 100)) > 1e-9) {
    stop(sprintf("audit.json: the calibration pass rule's threshold %s is not a whole percentage", format(t, digits = 15)))
  }
  round(t * 100)
}

cal <- report$calibration
meta <- if (requireNamespace("jsonlite", quietly = TRUE)) {
  jsonlite::fromJSON(file.path(folder, "audit.json"), simplifyVector = FALSE)
} else read_json(file.path(folder, "audit.json"))
if (xor(is.null(cal), is.null(meta$calibration))) {
  compare("calibration", "design in audit.json and report.json", "present", "missing")
} else if (!is.null(cal)) {
  practice <- read.csv(file.path(folder, "calibration.csv"), colClasses = "character", na.strings = character(0), encoding = "UTF-8")
  if (!identical(names(practice), c("round", "rater", "item", "question", "key", "answer", "active_ms"))) {
    stop("calibration.csv: expected the header round,rater,item,question,key,answer,active_ms")
  }
  name <- "calibration"
  items <- unique(practice$item)
  if (nrow(practice) > 0) {
    compare(name, "practice items", cal$items, length(items), exact = TRUE)
    compare(name, "questions", cal$questions, nrow(unique(practice[, c("item", "question")])), exact = TRUE)
  }
  held <- unique(practice[, c("round", "rater")]) # rounds in order, raters in the report's order
  compare(name, "rounds", length(cal$rounds), length(unique(held$round)), exact = TRUE)
  for (entry in cal$rounds) {
    compare(name, sprintf("round %d raters", as.integer(entry$round)), paste(unlist(entry$raters), collapse = ","),
            paste(held$rater[as.integer(held$round) == entry$round], collapse = ","))
  }
  # The verdicts follow the design's threshold, not report.json's alone.
  pass_percent <- design_percent(meta$calibration)
  check_calibration_design(meta$calibration, pass_percent, cal, practice, unique(long$item))
  results <- list()
  for (h in seq_len(nrow(held))) {
    mine <- practice[practice$round == held$round[h] & practice$rater == held$rater[h], ]
    answered <- mine[mine$active_ms != "", ]
    answered_items <- unique(answered$item)
    pairs <- answered[answered$answer != "", ]
    # Categories of different questions are different categories.
    given <- paste(pairs$question, pairs$answer, sep = "\u0001")
    key <- paste(pairs$question, pairs$key, sep = "\u0001")
    matches <- sum(given == key)
    finished <- length(items) > 0 && length(answered_items) >= length(items)
    passed <- nrow(pairs) > 0 && matches * 100 >= pass_percent * nrow(pairs)
    ms <- answered$active_ms[!duplicated(answered$item)]
    result <- list(round = as.integer(held$round[h]), items = length(answered_items), questions = nrow(pairs), matches = matches,
                   agreement = if (nrow(pairs) > 0) matches / nrow(pairs) else NULL, kappa = cohen_kappa(given, key),
                   activeMs = sum(as.numeric(ms)), status = if (!finished) "inProgress" else if (passed) "passed" else "notPassed")
    label <- held$rater[h]
    results[[label]] <- c(results[[label]], list(result))
  }
  compare(name, "raters", paste(sort(sapply(cal$raters, `[[`, "rater")), collapse = ","), paste(sort(names(results)), collapse = ","))
  for (reported in cal$raters) {
    label <- reported$rater
    mine <- results[[label]]
    if (length(mine) > 0) mine <- mine[order(sapply(mine, `[[`, "round"))]
    compare(name, paste(label, "rounds"), length(reported$rounds), length(mine), exact = TRUE)
    for (i in seq_len(min(length(mine), length(reported$rounds)))) {
      theirs <- reported$rounds[[i]]; recomputed <- mine[[i]]
      prefix <- sprintf("%s round %d", label, recomputed$round)
      compare(name, paste(prefix, "number"), theirs$round, recomputed$round, exact = TRUE)
      for (f in c("items", "questions", "matches", "activeMs")) compare(name, paste(prefix, f), theirs[[f]], recomputed[[f]], exact = TRUE)
      compare(name, paste(prefix, "agreement"), theirs$agreement, recomputed$agreement)
      compare(name, paste(prefix, "kappa"), theirs$kappa, recomputed$kappa)
      compare(name, paste(prefix, "status"), theirs$status, recomputed$status)
    }
    if (length(mine) > 0) {
      compare(name, paste(label, "counting round"), reported$countingRound, mine[[length(mine)]]$round, exact = TRUE)
      compare(name, paste(label, "status"), reported$status, mine[[length(mine)]]$status)
    }
  }
  per_rater <- lapply(results, function(rs) rs[order(sapply(rs, `[[`, "round"))])
  firsts <- Filter(function(r) r$status != "inProgress", lapply(per_rater, `[[`, 1))
  s <- cal$summary
  compare(name, "summary raters", s$raters, length(per_rater), exact = TRUE)
  compare(name, "summary first round finished", s$firstRound$finished, length(firsts), exact = TRUE)
  for (f in c("agreement", "kappa")) {
    values <- unlist(lapply(firsts, `[[`, f))
    mine <- summary_range(if (is.null(values)) numeric(0) else values)
    theirs <- s$firstRound[[f]]
    compare(name, sprintf("summary first round %s n", f), theirs$n, mine$n, exact = TRUE)
    for (stat in c("mean", "min", "max")) compare(name, sprintf("summary first round %s %s", f, stat), theirs[[stat]], mine[[stat]])
  }
  status_of <- function(which) vapply(per_rater, function(rs) (if (which == "first") rs[[1]] else rs[[length(rs)]])$status, "")
  compare(name, "summary passed at the first round", s$passedFirst, sum(status_of("first") == "passed"), exact = TRUE)
  for (st in c("passed", "notPassed", "inProgress")) {
    compare(name, sprintf("summary %s (round that counts)", st), s[[st]], sum(status_of("latest") == st), exact = TRUE)
  }
  compare(name, "summary re-calibrated", s$recalibrated, sum(vapply(per_rater, length, 0L) > 1), exact = TRUE)
}

# --- model-guided design (stratified estimate) ------------------------------------------------------
# A sample stratified by model disagreement (docs/stratified-sampling.md): audit.json's
# sample.modelDesign gives the strata and N_h, model-strata.csv each sampled item's stratum. An
# item's verdict is whether its majority label (the tie category for a tie) is the error category;
# an item without a rating has none. Estimate sum W_h x_h/n_h; variance sum W_h^2 (1 - f_h)
# p_h (1 - p_h)/(n_h - 1) (census 0; n_h = 1: W_h^2 (1 - f_h)/4); bound: Korn & Graubard's
# Clopper-Pearson at n* = p~(1 - p~)/v~ from add-one rates p~_h = (x_h + 1)/(n_h + 2) (v~ with
# max(n_h - 1, 1)), times (qt(level, n - 1)/qt(level, n - H))^2, x* = n*_df p^, upper =
# qbeta(level, x* + 1, n*_df - x*); 1 when every item is wrong or n - H < 1, p^ for a census.

stratified_bound <- function(pop, rated, wrong, level) {
  N <- sum(pop); n <- sum(rated); H <- length(pop); df <- n - H
  W <- pop / N; f <- rated / pop; p <- wrong / rated; pt <- (wrong + 1) / (rated + 2)
  open <- rated < pop
  variance <- sum(ifelse(open, ifelse(rated == 1, W^2 * (1 - f) / 4, W^2 * (1 - f) * p * (1 - p) / pmax(rated - 1, 1)), 0))
  smoothed <- sum(W * pt)
  smoothed_variance <- sum(ifelse(open, W^2 * (1 - f) * pt * (1 - pt) / pmax(rated - 1, 1), 0))
  out <- list(populationSize = N, sampled = n, strata = H, degreesOfFreedom = df, estimate = sum(W * p), variance = variance)
  if (smoothed_variance == 0) return(c(out, list(effectiveSampleSize = NULL, adjustedEffectiveSampleSize = NULL, upper = out$estimate)))
  n_star <- smoothed * (1 - smoothed) / smoothed_variance
  if (df < 1) return(c(out, list(effectiveSampleSize = n_star, adjustedEffectiveSampleSize = NULL, upper = 1)))
  ratio <- if (H == 1) 1 else qt(level, n - 1) / qt(level, df)
  n_adj <- n_star * ratio^2
  x <- n_adj * out$estimate
  upper <- if (all(wrong == rated)) 1 else min(1, qbeta(level, x + 1, n_adj - x))
  c(out, list(effectiveSampleSize = n_star, adjustedEffectiveSampleSize = n_adj, upper = upper))
}

check_model_design <- function() {
  meta <- if (requireNamespace("jsonlite", quietly = TRUE)) {
    jsonlite::fromJSON(file.path(folder, "audit.json"), simplifyVector = FALSE)
  } else read_json(file.path(folder, "audit.json"))
  design <- meta$sample$modelDesign; reported_design <- report$audit$modelDesign
  if (is.null(design) && is.null(reported_design)) return(invisible())
  name <- "model-guided design"
  if (is.null(design) || is.null(reported_design)) return(compare(name, "design in audit.json and report.json", "present", "missing"))
  compare(name, "prediction set checksum", reported_design$predictionSet$checksum, design$predictionSet$checksum)
  strata <- read.csv(file.path(folder, "model-strata.csv"), colClasses = "character", na.strings = character(0), encoding = "UTF-8")
  if (!identical(names(strata), c("item", "stratum"))) stop("model-strata.csv: expected the header item,stratum")
  keys <- sapply(design$allocation, `[[`, "key"); pop <- sapply(design$allocation, `[[`, "population")
  for (h in seq_along(keys)) {
    compare(name, sprintf("stratum %s population", keys[h]), reported_design$allocation[[h]]$population, pop[h], exact = TRUE)
    compare(name, sprintf("stratum %s sampled", keys[h]), design$allocation[[h]]$allocated, sum(strata$stratum == keys[h]), exact = TRUE)
  }
  for (dimension in report$dimensions) {
    reported <- dimension$stratifiedErrorRate
    if (is.null(reported)) next
    key <- dimension$key; categories <- unlist(dimension$agreement$categories)
    tie <- dimension$agreement$options$tieCategory
    mine <- long[long$dimension == key, ]
    items <- unique(mine$item)
    votes <- table(factor(mine$item, levels = items), factor(mine$category, levels = categories))
    label <- apply(votes, 1, function(v) if (sum(v == max(v)) == 1) categories[which.max(v)] else if (is.null(tie)) NA else tie)
    wrong_item <- !is.na(label) & label == dimension$errorCategory
    h <- match(strata$stratum[match(items, strata$item)], keys)
    rated <- tabulate(h, length(keys)); wrong <- tabulate(h[wrong_item], length(keys))
    for (s in seq_along(keys)) {
      compare(key, sprintf("stratified %s rated", keys[s]), reported$tallies[[s]]$rated, rated[s], exact = TRUE)
      compare(key, sprintf("stratified %s incorrect", keys[s]), reported$tallies[[s]]$incorrect, wrong[s], exact = TRUE)
    }
    unrated <- keys[rated == 0]
    compare(key, "stratified estimate available", tolower(as.character(reported$ok)), tolower(as.character(length(unrated) == 0)))
    if (length(unrated) > 0 || !isTRUE(reported$ok)) {
      compare(key, "stratified strata without a verdict", paste(unlist(reported$unrated), collapse = " "), paste(unrated, collapse = " "))
      next
    }
    b <- stratified_bound(pop, rated, wrong, report$audit$confidenceLevel)
    for (f in c("populationSize", "sampled", "strata", "degreesOfFreedom")) compare(key, paste("stratified", f), reported$bound[[f]], b[[f]], exact = TRUE)
    for (f in c("estimate", "variance", "effectiveSampleSize", "adjustedEffectiveSampleSize", "upper")) {
      compare(key, paste("stratified", f), reported$bound[[f]], b[[f]])
    }
  }
}
check_model_design()

table_rows <- do.call(rbind, c(list(c("dimension", "quantity", "report", "recomputed", "difference", "", "")), rows))
widths <- apply(table_rows, 2, function(col) max(nchar(col)))
for (i in seq_len(nrow(table_rows))) cat(sub(" +$", "", paste(mapply(function(v, w) formatC(v, width = -w), table_rows[i, ], widths), collapse = "  ")), "\n", sep = "")
if (failures > 0) {
  cat(sprintf("\n%d of %d numbers differ from the report.\n", failures, length(rows)))
  quit(status = 1)
}
cat(sprintf("\nAll %d numbers agree with the report (tolerance %g; confidence bounds %g).\n", length(rows), tolerance, ci_tolerance))
