//! The files a simulated program may use: one host directory named with
//! `stsim --fs-root DIR` (none by default) and the descriptors the program
//! opened in it (semihosting calls 5 to 8, docs/src/design/architecture.md §5).
//!
//! The program sees only that directory. A path is resolved against it
//! component by component, without following anything: a `..` that would
//! leave the root, an absolute path outside the root, and any symbolic
//! link on the way (even one that points back inside) are refused with
//! `EACCES`. Without a root every file call fails with `EACCES`. Error
//! numbers are Linux's (the values of `runtime/include/errno.h`).

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Component, Path, PathBuf};

/// Errno values of the file calls (Linux numbering).
pub mod errno {
    /// No such file or directory.
    pub const ENOENT: i32 = 2;
    /// I/O error (a host error with no errno).
    pub const EIO: i32 = 5;
    /// Bad file descriptor.
    pub const EBADF: i32 = 9;
    /// Permission denied: no root, or the path leaves it.
    pub const EACCES: i32 = 13;
    /// Invalid argument (`whence`, flags, a negative offset).
    pub const EINVAL: i32 = 22;
    /// Too many open files.
    pub const EMFILE: i32 = 24;
    /// File name too long.
    pub const ENAMETOOLONG: i32 = 36;
}

/// `open` flags, Linux values (`runtime/include/fcntl.h`).
pub mod oflag {
    /// Access mode mask (`O_RDONLY` 0, `O_WRONLY` 1, `O_RDWR` 2).
    pub const O_ACCMODE: u32 = 3;
    /// Create the file if it does not exist.
    pub const O_CREAT: u32 = 0o100;
    /// With `O_CREAT`: fail if it exists.
    pub const O_EXCL: u32 = 0o200;
    /// Truncate to length 0.
    pub const O_TRUNC: u32 = 0o1000;
    /// Every write goes to the end.
    pub const O_APPEND: u32 = 0o2000;
}

/// The first descriptor a program's `open` returns (0 to 2 are the
/// standard streams).
pub const FIRST_FD: u32 = 3;
/// How many files a program may have open at once.
pub const MAX_OPEN: usize = 64;
/// The longest path accepted, terminating NUL included (Linux `PATH_MAX`).
pub const PATH_MAX: usize = 4096;

/// The program's view of the host file system.
#[derive(Default)]
pub struct HostFs {
    /// The root directory, canonical; `None`: no file access.
    root: Option<PathBuf>,
    /// Open files; descriptor `FIRST_FD + i` is `files[i]`.
    files: Vec<Option<File>>,
}

impl HostFs {
    /// A file system limited to `root` (made canonical: it must exist and
    /// be a directory).
    pub fn with_root(root: &Path) -> std::io::Result<HostFs> {
        let root = root.canonicalize()?;
        if !root.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                format!("`{}` is not a directory", root.display()),
            ));
        }
        Ok(HostFs {
            root: Some(root),
            files: Vec::new(),
        })
    }

    /// The root directory, if any.
    pub fn root(&self) -> Option<&Path> {
        self.root.as_deref()
    }

    /// The host path of the program's `path`, or the errno refusing it.
    /// Relative paths start at the root; an absolute path must lie in it.
    /// No component may be a symbolic link, and `..` may not leave the root.
    pub fn resolve(&self, path: &[u8]) -> Result<PathBuf, i32> {
        let root = self.root.as_ref().ok_or(errno::EACCES)?;
        if path.is_empty() {
            return Err(errno::ENOENT);
        }
        let text = std::str::from_utf8(path).map_err(|_| errno::EINVAL)?;
        let given = Path::new(text);
        let rel: &Path = if given.is_absolute() {
            given.strip_prefix(root).map_err(|_| errno::EACCES)?
        } else {
            given
        };
        // Lexical resolution is exact because no component is a link.
        let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
        for c in rel.components() {
            match c {
                Component::Normal(s) => parts.push(s),
                Component::CurDir => {}
                Component::ParentDir => {
                    if parts.pop().is_none() {
                        return Err(errno::EACCES);
                    }
                }
                Component::RootDir | Component::Prefix(_) => return Err(errno::EACCES),
            }
        }
        let mut host = root.clone();
        for p in parts {
            host.push(p);
            match std::fs::symlink_metadata(&host) {
                Ok(m) if m.file_type().is_symlink() => return Err(errno::EACCES),
                // A missing component: `open` with O_CREAT may create the
                // last one; the host call reports anything else.
                _ => {}
            }
        }
        Ok(host)
    }

    /// `open(path, flags, mode)`: a new descriptor.
    pub fn open(&mut self, path: &[u8], flags: u32, mode: u32) -> Result<u32, i32> {
        let host = self.resolve(path)?;
        let mut o = OpenOptions::new();
        match flags & oflag::O_ACCMODE {
            0 => o.read(true),
            1 => o.write(true),
            2 => o.read(true).write(true),
            _ => return Err(errno::EINVAL),
        };
        if flags & oflag::O_APPEND != 0 {
            o.append(true);
        }
        if flags & oflag::O_TRUNC != 0 {
            o.truncate(true);
        }
        if flags & oflag::O_CREAT != 0 {
            if flags & oflag::O_EXCL != 0 {
                o.create_new(true);
            } else {
                o.create(true);
            }
        }
        {
            use std::os::unix::fs::OpenOptionsExt;
            o.mode(mode & 0o777);
        }
        let slot = match self.files.iter().position(Option::is_none) {
            Some(i) => i,
            None if self.files.len() < MAX_OPEN => {
                self.files.push(None);
                self.files.len() - 1
            }
            None => return Err(errno::EMFILE),
        };
        let f = o.open(&host).map_err(|e| host_errno(&e))?;
        self.files[slot] = Some(f);
        Ok(FIRST_FD + slot as u32)
    }

    fn file(&mut self, fd: u32) -> Result<&mut File, i32> {
        fd.checked_sub(FIRST_FD)
            .and_then(|i| self.files.get_mut(i as usize))
            .and_then(Option::as_mut)
            .ok_or(errno::EBADF)
    }

    /// `close(fd)`.
    pub fn close(&mut self, fd: u32) -> Result<(), i32> {
        self.file(fd)?;
        self.files[(fd - FIRST_FD) as usize] = None;
        Ok(())
    }

    /// `lseek(fd, offset, whence)` (`SEEK_SET` 0, `SEEK_CUR` 1, `SEEK_END`
    /// 2): the new offset, which must fit in the program's 32-bit `off_t`.
    pub fn lseek(&mut self, fd: u32, offset: i32, whence: u32) -> Result<i32, i32> {
        let f = self.file(fd)?;
        let from = match whence {
            0 if offset >= 0 => SeekFrom::Start(offset as u64),
            0 => return Err(errno::EINVAL),
            1 => SeekFrom::Current(offset as i64),
            2 => SeekFrom::End(offset as i64),
            _ => return Err(errno::EINVAL),
        };
        let at = f.seek(from).map_err(|e| host_errno(&e))?;
        i32::try_from(at).map_err(|_| errno::EINVAL)
    }

    /// `unlink(path)`.
    pub fn unlink(&mut self, path: &[u8]) -> Result<(), i32> {
        let host = self.resolve(path)?;
        std::fs::remove_file(host).map_err(|e| host_errno(&e))
    }

    /// `read(fd, ...)` on an opened file.
    pub fn read(&mut self, fd: u32, buf: &mut [u8]) -> Result<usize, i32> {
        self.file(fd)?.read(buf).map_err(|e| host_errno(&e))
    }

    /// `write(fd, ...)` on an opened file.
    pub fn write(&mut self, fd: u32, data: &[u8]) -> Result<usize, i32> {
        self.file(fd)?.write(data).map_err(|e| host_errno(&e))
    }
}

/// The errno of a host error (the host is Linux-numbered; `EIO` without one).
fn host_errno(e: &std::io::Error) -> i32 {
    e.raw_os_error().unwrap_or(errno::EIO)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("stsim-hostfs-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("root/sub")).unwrap();
        d
    }

    #[test]
    fn no_root_refuses_everything() {
        let mut fs = HostFs::default();
        assert_eq!(fs.open(b"a", 0, 0), Err(errno::EACCES));
        assert_eq!(fs.unlink(b"a"), Err(errno::EACCES));
        assert_eq!(fs.close(3), Err(errno::EBADF));
    }

    #[test]
    fn write_seek_read_unlink_inside_the_root() {
        let d = scratch("rw");
        let mut fs = HostFs::with_root(&d.join("root")).unwrap();
        let fd = fs.open(b"sub/f.txt", 2 | oflag::O_CREAT, 0o644).unwrap();
        assert_eq!(fd, FIRST_FD);
        assert_eq!(fs.write(fd, b"hello"), Ok(5));
        assert_eq!(fs.lseek(fd, 1, 0), Ok(1));
        let mut buf = [0u8; 8];
        assert_eq!(fs.read(fd, &mut buf), Ok(4));
        assert_eq!(&buf[..4], b"ello");
        assert_eq!(fs.lseek(fd, -2, 2), Ok(3));
        assert_eq!(fs.lseek(fd, 0, 7), Err(errno::EINVAL));
        assert_eq!(fs.close(fd), Ok(()));
        assert_eq!(fs.close(fd), Err(errno::EBADF));
        assert_eq!(std::fs::read(d.join("root/sub/f.txt")).unwrap(), b"hello");
        // `..` that stays inside, and the root's own absolute path.
        let abs = format!("{}/sub/f.txt", fs.root().unwrap().display());
        let fd = fs.open(abs.as_bytes(), 0, 0).unwrap();
        assert_eq!(fs.read(fd, &mut buf), Ok(5));
        assert_eq!(fs.open(b"sub/../sub/./f.txt", 0, 0), Ok(fd + 1));
        assert_eq!(fs.open(b"missing", 0, 0), Err(errno::ENOENT));
        assert_eq!(
            fs.open(b"sub/f.txt", 1 | oflag::O_CREAT | oflag::O_EXCL, 0o644),
            Err(17) // EEXIST
        );
        assert_eq!(fs.unlink(b"sub/f.txt"), Ok(()));
        assert!(!d.join("root/sub/f.txt").exists());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn every_escape_is_refused() {
        let d = scratch("escape");
        std::fs::write(d.join("secret"), b"outside").unwrap();
        std::fs::write(d.join("root/inside"), b"inside").unwrap();
        std::os::unix::fs::symlink(d.join("secret"), d.join("root/out-link")).unwrap();
        std::os::unix::fs::symlink("../inside", d.join("root/sub/in-link")).unwrap();
        std::os::unix::fs::symlink(d.join("root/sub"), d.join("root/dir-link")).unwrap();
        let mut fs = HostFs::with_root(&d.join("root")).unwrap();
        let secret = d.join("secret").display().to_string();
        let cases: &[&[u8]] = &[
            b"../secret",
            b"sub/../../secret",
            b"..",
            secret.as_bytes(),
            b"/etc/passwd",
            b"out-link",
            b"sub/in-link",
            b"dir-link/x",
        ];
        for path in cases {
            let shown = String::from_utf8_lossy(path);
            assert_eq!(fs.open(path, 0, 0), Err(errno::EACCES), "open {shown}");
            assert_eq!(
                fs.open(path, 1 | oflag::O_CREAT | oflag::O_TRUNC, 0o644),
                Err(errno::EACCES),
                "create {shown}"
            );
            assert_eq!(fs.unlink(path), Err(errno::EACCES), "unlink {shown}");
        }
        // Nothing outside changed, no link was removed.
        assert_eq!(std::fs::read(d.join("secret")).unwrap(), b"outside");
        assert!(d.join("root/out-link").symlink_metadata().is_ok());
        assert!(d.join("root/sub/in-link").symlink_metadata().is_ok());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_root_must_be_a_directory() {
        let d = scratch("notdir");
        std::fs::write(d.join("file"), b"").unwrap();
        assert!(HostFs::with_root(&d.join("file")).is_err());
        assert!(HostFs::with_root(&d.join("missing")).is_err());
        let _ = std::fs::remove_dir_all(&d);
    }
}
