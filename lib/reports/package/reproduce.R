# Recompute every number of this audit's report from its ratings, in R.
#
#     Rscript reproduce.R [PACKAGE_DIR]      (default: the working directory)
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
# minutes. It refits the Dawid-Skene latent-class model of every dimension from ratings-long.csv
# (issue #34's algorithm; no smoothing; stop below 1e-12 or at 10,000 iterations) and compares the
# iterations, log-likelihood, prior, each rater's confusion matrix, sensitivity and specificity,
# every item's posterior, the items whose mode is not the majority label and the error-rate
# estimate (the 10,000-refit bootstrap interval is not rerun). Exit status 0 when every
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

Sys.setlocale("LC_COLLATE", "C") # ISO times compare as instants only byte by byte

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
      for (f in c("coeff", "se")) {
        compare(key, paste(name, "gwetAc1", f), field(field(reported, "gwetAc1"), f), ac1[[f]])
        compare(key, paste(name, "percentAgreement", f), field(field(reported, "percentAgreement"), f), pa[[f]])
      }
      for (f in c("ciLower", "ciUpper")) compare(key, paste(name, "gwetAc1", f), field(field(reported, "gwetAc1"), f), ac1[[f]], tol = ci_tolerance)
    }
    compare(key, "windows", length(dim$windows), length(windows), exact = TRUE)
    overall <- agreement$coefficients$gwetAc1$coeff
    latest <- if (length(windows) > 0 && windows[[length(windows)]]$status != "tooFew") windows[[length(windows)]]$coeff else NULL
    share <- if (!is.null(overall) && !is.null(latest) && overall > 0) (overall - latest) / overall else NULL
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

# --- latent-class estimates (Dawid-Skene) ----------------------------------------------------------

dawid_skene <- function(gave) {
  # gave[i, r, k] = 1 when rater r gave k on item i (rated items only). Issue #34's algorithm.
  n <- dim(gave)[1]; R <- dim(gave)[2]; q <- dim(gave)[3]
  rated <- apply(gave, c(1, 2), sum)
  T <- apply(gave, c(1, 3), sum); T <- T / rowSums(T)
  iterations <- 0
  repeat {
    iterations <- iterations + 1
    prior <- colMeans(T)
    theta <- array(0, c(R, q, q))
    for (r in seq_len(R)) for (c in seq_len(q)) {
      mass <- sum(T[, c] * rated[, r])
      theta[r, c, ] <- if (mass > 0) colSums(T[, c] * gave[, r, , drop = FALSE][, 1, ]) / mass else rep(1 / q, q)
    }
    log_joint <- matrix(log(prior), n, q, byrow = TRUE)
    for (r in seq_len(R)) for (k in seq_len(q)) {
      who <- gave[, r, k] == 1
      if (any(who)) log_joint[who, ] <- sweep(log_joint[who, , drop = FALSE], 2, log(theta[r, , k]), "+")
    }
    top <- apply(log_joint, 1, max)
    joint <- exp(log_joint - top)
    total <- rowSums(joint)
    new <- joint / total
    change <- max(abs(new - T))
    T <- new
    if (change < 1e-12 || iterations >= 10000) break
  }
  list(prior = prior, theta = theta, T = T, iterations = iterations, logLikelihood = sum(top + log(total)))
}

for (dimension in report$dimensions) {
  lc <- dimension$latentClass
  if (is.null(lc)) next
  key <- dimension$key; categories <- unlist(lc$categories); q <- length(categories)
  mine <- long[long$dimension == key, ]
  items <- unique(mine$item); raters <- unique(mine$rater)
  gave <- array(0, c(length(items), length(raters), q))
  gave[cbind(match(mine$item, items), match(mine$rater, raters), match(mine$category, categories))] <- 1
  fit <- dawid_skene(gave)
  name <- "latent class"
  compare(key, paste(name, "iterations"), lc$iterations, fit$iterations, exact = TRUE)
  compare(key, paste(name, "log-likelihood"), lc$logLikelihood, fit$logLikelihood)
  for (c in seq_len(q)) compare(key, paste(name, "prior", categories[c]), unlist(lc$prior)[c], fit$prior[c])
  e <- if (is.null(dimension$errorCategory)) NA else match(dimension$errorCategory, categories)
  for (rater in lc$raters) {
    g <- match(rater$rater, raters)
    reported <- matrix(unlist(rater$confusion), q, q, byrow = TRUE)
    compare(key, paste(name, rater$rater, "confusion (largest difference)"), 0, max(abs(reported - fit$theta[g, , ])))
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
  if (!is.na(e) && !is.null(lc$errorRate)) compare(key, paste(name, "error rate (mean posterior)"), lc$errorRate$estimate, mean(fit$T[, e]))
}

table_rows <- do.call(rbind, c(list(c("dimension", "quantity", "report", "recomputed", "difference", "", "")), rows))
widths <- apply(table_rows, 2, function(col) max(nchar(col)))
for (i in seq_len(nrow(table_rows))) cat(sub(" +$", "", paste(mapply(function(v, w) formatC(v, width = -w), table_rows[i, ], widths), collapse = "  ")), "\n", sep = "")
if (failures > 0) {
  cat(sprintf("\n%d of %d numbers differ from the report.\n", failures, length(rows)))
  quit(status = 1)
}
cat(sprintf("\nAll %d numbers agree with the report (tolerance %g; confidence bounds %g).\n", length(rows), tolerance, ci_tolerance))
