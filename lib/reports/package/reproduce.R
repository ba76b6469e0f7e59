# Recompute every number of this audit's report from its ratings, in R.
#
#     Rscript reproduce.R [PACKAGE_DIR]      (default: the working directory)
#
# Reads ratings-long.csv (dimension, item, rater, category) and report.json, recomputes per rubric
# dimension the majority counts and ties, the at-least-two and all-agree shares, Gwet's AC1, Fleiss'
# kappa and Krippendorff's alpha (pa, pe, coefficient, standard error, confidence interval) and the
# exact one-sided upper bounds on the error rate (Clopper-Pearson with qbeta; hypergeometric with
# phyper), and prints each beside the report's value with the difference. Exit status 0 when every
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
  if (is.null(reported) || is.null(recomputed)) {
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

table_rows <- do.call(rbind, c(list(c("dimension", "quantity", "report", "recomputed", "difference", "", "")), rows))
widths <- apply(table_rows, 2, function(col) max(nchar(col)))
for (i in seq_len(nrow(table_rows))) cat(sub(" +$", "", paste(mapply(function(v, w) formatC(v, width = -w), table_rows[i, ], widths), collapse = "  ")), "\n", sep = "")
if (failures > 0) {
  cat(sprintf("\n%d of %d numbers differ from the report.\n", failures, length(rows)))
  quit(status = 1)
}
cat(sprintf("\nAll %d numbers agree with the report (tolerance %g; confidence bounds %g).\n", length(rows), tolerance, ci_tolerance))
