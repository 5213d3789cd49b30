//! Sparse, paged, little-endian 32-bit memory (docs/src/design/architecture.md §5,
//! ISA-ST200 §1.1).
//!
//! The 4 GiB address space is cut into pages of [`PAGE_SIZE`] bytes. A flat
//! table (one `u32` per page, 4 MiB, allocated zeroed so the host only backs
//! the pages of it that are touched) says whether a page is unmapped, mapped
//! but still all zeros (no backing store yet: reads give 0, the first write
//! allocates), or backed by a page of the arena. Executable pages are marked
//! so that instruction fetch from data traps and stores into code can be
//! detected (the decode cache is invalidated on them).
//!
//! The control-register space `0xFFFF0000..` (§1.1, §1.5) is not part of
//! this memory: the machine handles it before coming here.

/// Bytes per page (4 KiB).
pub const PAGE_SIZE: u32 = 4096;
const PAGE_SHIFT: u32 = 12;
const PAGES: usize = 1 << (32 - PAGE_SHIFT);

/// Page-table entry: not mapped.
const UNMAPPED: u32 = 0;
/// Page-table entry: mapped, reads as zeros, no backing page yet.
const ZERO: u32 = u32::MAX;

/// Why a memory access failed (the machine turns it into a trap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The address is in no mapped page.
    Unmapped,
    /// The address is not a multiple of the access size (§4.6).
    Misaligned,
}

/// The simulated memory: page table, page arena and per-page flags.
pub struct Memory {
    /// For each page: [`UNMAPPED`], [`ZERO`], or 1 + index into `pages`.
    table: Vec<u32>,
    /// Backing pages.
    pages: Vec<Box<[u8; PAGE_SIZE as usize]>>,
    /// One bit per page: the page holds executable code (PF_X segment).
    exec: Vec<u64>,
}

impl Default for Memory {
    fn default() -> Self {
        Memory::new()
    }
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memory")
            .field("backed_pages", &self.pages.len())
            .finish()
    }
}

impl Memory {
    /// An empty address space (nothing mapped).
    pub fn new() -> Memory {
        Memory {
            table: vec![UNMAPPED; PAGES],
            pages: Vec::new(),
            exec: vec![0; PAGES / 64],
        }
    }

    /// Maps `[addr, addr + len)` (bytes) as zero-filled readable and
    /// writable memory; pages already mapped keep their contents. With
    /// `exec`, the pages are also marked executable. Returns `false` (and
    /// maps nothing) if the range wraps past 2³².
    pub fn map(&mut self, addr: u32, len: u32, exec: bool) -> bool {
        if len == 0 {
            return true;
        }
        let Some(last) = addr.checked_add(len - 1) else {
            return false;
        };
        for page in (addr >> PAGE_SHIFT)..=(last >> PAGE_SHIFT) {
            let p = page as usize;
            if self.table[p] == UNMAPPED {
                self.table[p] = ZERO;
            }
            if exec {
                self.exec[p / 64] |= 1 << (p % 64);
            }
        }
        true
    }

    /// Whether the byte at `addr` is mapped.
    pub fn is_mapped(&self, addr: u32) -> bool {
        self.table[(addr >> PAGE_SHIFT) as usize] != UNMAPPED
    }

    /// Whether every byte of `[addr, addr + len)` is mapped (a range
    /// wrapping past 2³² is not).
    pub fn is_range_mapped(&self, addr: u32, len: u32) -> bool {
        if len == 0 {
            return true;
        }
        let Some(last) = addr.checked_add(len - 1) else {
            return false;
        };
        ((addr >> PAGE_SHIFT)..=(last >> PAGE_SHIFT)).all(|p| self.table[p as usize] != UNMAPPED)
    }

    /// Whether the byte at `addr` is in an executable page.
    #[inline]
    pub fn is_exec(&self, addr: u32) -> bool {
        let p = (addr >> PAGE_SHIFT) as usize;
        self.exec[p / 64] & (1 << (p % 64)) != 0
    }

    /// Number of pages with a backing store (for reports; 4 KiB each).
    pub fn backed_pages(&self) -> usize {
        self.pages.len()
    }

    #[inline(always)]
    fn page_for_write(&mut self, addr: u32) -> Result<&mut [u8; PAGE_SIZE as usize], Fault> {
        let p = (addr >> PAGE_SHIFT) as usize;
        let mut e = self.table[p];
        if e == UNMAPPED {
            return Err(Fault::Unmapped);
        }
        if e == ZERO {
            self.pages.push(Box::new([0; PAGE_SIZE as usize]));
            e = self.pages.len() as u32;
            self.table[p] = e;
        }
        Ok(&mut self.pages[(e - 1) as usize])
    }

    #[inline(always)]
    fn page_for_read(&self, addr: u32) -> Result<Option<&[u8; PAGE_SIZE as usize]>, Fault> {
        match self.table[(addr >> PAGE_SHIFT) as usize] {
            UNMAPPED => Err(Fault::Unmapped),
            ZERO => Ok(None),
            e => Ok(Some(&self.pages[(e - 1) as usize])),
        }
    }

    /// Reads a naturally aligned little-endian value of `size` bytes
    /// (1, 2 or 4), zero-extended.
    #[inline(always)]
    pub fn read(&self, addr: u32, size: u32) -> Result<u32, Fault> {
        if addr & (size - 1) != 0 {
            return Err(Fault::Misaligned);
        }
        let Some(page) = self.page_for_read(addr)? else {
            return Ok(0);
        };
        let o = (addr & (PAGE_SIZE - 1)) as usize;
        Ok(match size {
            4 => u32::from_le_bytes([page[o], page[o + 1], page[o + 2], page[o + 3]]),
            2 => u16::from_le_bytes([page[o], page[o + 1]]) as u32,
            _ => page[o] as u32,
        })
    }

    /// Writes the low `size` bytes (1, 2 or 4) of `value`, little-endian,
    /// at a naturally aligned address.
    #[inline(always)]
    pub fn write(&mut self, addr: u32, size: u32, value: u32) -> Result<(), Fault> {
        if addr & (size - 1) != 0 {
            return Err(Fault::Misaligned);
        }
        let page = self.page_for_write(addr)?;
        let o = (addr & (PAGE_SIZE - 1)) as usize;
        match size {
            4 => page[o..o + 4].copy_from_slice(&value.to_le_bytes()),
            2 => page[o..o + 2].copy_from_slice(&(value as u16).to_le_bytes()),
            _ => page[o] = value as u8,
        }
        Ok(())
    }

    /// Reads one byte (no alignment requirement).
    pub fn read_u8(&self, addr: u32) -> Result<u8, Fault> {
        self.read(addr, 1).map(|v| v as u8)
    }

    /// Copies `buf.len()` bytes starting at `addr` into `buf`; fails on the
    /// first unmapped byte (wrapping past 2³² is unmapped).
    pub fn read_bytes(&self, addr: u32, buf: &mut [u8]) -> Result<(), Fault> {
        let mut a = addr;
        let mut i = 0;
        while i < buf.len() {
            let o = (a & (PAGE_SIZE - 1)) as usize;
            let n = (PAGE_SIZE as usize - o).min(buf.len() - i);
            match self.page_for_read(a)? {
                Some(page) => buf[i..i + n].copy_from_slice(&page[o..o + n]),
                None => buf[i..i + n].fill(0),
            }
            i += n;
            if i < buf.len() {
                a = a.checked_add(n as u32).ok_or(Fault::Unmapped)?;
            }
        }
        Ok(())
    }

    /// Copies `data` into memory at `addr`; every byte must be mapped.
    pub fn write_bytes(&mut self, addr: u32, data: &[u8]) -> Result<(), Fault> {
        // Check the whole range first so that a failed copy changes nothing.
        let mut a = addr;
        let mut left = data.len();
        while left > 0 {
            if !self.is_mapped(a) {
                return Err(Fault::Unmapped);
            }
            let n = (PAGE_SIZE - (a & (PAGE_SIZE - 1))) as usize;
            if n >= left {
                break;
            }
            left -= n;
            a = a.checked_add(n as u32).ok_or(Fault::Unmapped)?;
        }
        let mut a = addr;
        let mut i = 0;
        while i < data.len() {
            let o = (a & (PAGE_SIZE - 1)) as usize;
            let n = (PAGE_SIZE as usize - o).min(data.len() - i);
            let page = self.page_for_write(a)?;
            page[o..o + n].copy_from_slice(&data[i..i + n]);
            i += n;
            a = a.wrapping_add(n as u32);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmapped_misaligned_and_lazy_zero_pages() {
        let mut m = Memory::new();
        assert_eq!(m.read(0x1000, 4), Err(Fault::Unmapped));
        assert!(m.map(0x1000, 0x2000, false));
        assert_eq!(m.read(0x1ffc, 4), Ok(0));
        assert_eq!(m.backed_pages(), 0);
        assert_eq!(m.read(0x1002, 4), Err(Fault::Misaligned));
        assert_eq!(m.write(0x1001, 2, 0), Err(Fault::Misaligned));
        m.write(0x1004, 4, 0x1122_3344).unwrap();
        // Little-endian (ISA-ST200 §1.1): the low byte is at the low address.
        assert_eq!(m.read(0x1004, 1), Ok(0x44));
        assert_eq!(m.read(0x1006, 2), Ok(0x1122));
        assert_eq!(m.read(0x3000, 1), Err(Fault::Unmapped));
        assert!(!m.map(0xFFFF_F000, 0x2000, false));
    }

    #[test]
    fn byte_copies_cross_pages() {
        let mut m = Memory::new();
        m.map(0x0fff_f000, 0x2000, false);
        let data: Vec<u8> = (0..100).collect();
        m.write_bytes(0x0fff_ffd0, &data).unwrap();
        let mut back = vec![0; 100];
        m.read_bytes(0x0fff_ffd0, &mut back).unwrap();
        assert_eq!(back, data);
        assert_eq!(
            m.write_bytes(0x1000_0fd0, &data),
            Err(Fault::Unmapped),
            "runs past the mapped range"
        );
    }
}
