/* <stsim.h>: marks for the ST200 simulator stsim.

   stsim_roi_begin() and stsim_roi_end() delimit a region of interest:
   `stsim --stats` and `--stats-json` report the counters of the regions
   (summed when the program runs several) apart from those of the whole
   run. The region starts after the bundle of stsim_roi_begin's semihosting
   call (syscall 16) and ends before that of stsim_roi_end (syscall 17);
   each call costs a few cycles (a call, a syscall bundle, a return), of
   which the return of stsim_roi_begin and the call of stsim_roi_end fall
   in the region. */
#ifndef _STSIM_H
#define _STSIM_H

void stsim_roi_begin(void);
void stsim_roi_end(void);

#endif
