//! The benchmark testsuite runner. Filled by the testsuite issue.
