//! [`Text`]: the text of a string value, shared rather than copied.
//!
//! A string is read far more often than it is made: every read of a variable, every argument
//! passed and every element stored copied the whole text when a string was a `String`, so a
//! 999,000-character string read in a callback over three thousand elements held gigabytes. A
//! `Text` is a reference-counted `str`: copying one is a count increment, and a string is never
//! changed in place (every operation on strings makes a new one), so nothing needs
//! copy-on-write.

use std::fmt;
use std::ops::Deref;
use std::rc::Rc;

/// The immutable, shared text of a string value.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Text(Rc<str>);

impl Text {
    /// The text as a `str`.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Text {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for Text {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<String> for Text {
    #[inline]
    fn from(text: String) -> Self {
        Self(Rc::from(text))
    }
}

impl From<&str> for Text {
    #[inline]
    fn from(text: &str) -> Self {
        Self(Rc::from(text))
    }
}

impl From<&String> for Text {
    fn from(text: &String) -> Self {
        Self(Rc::from(text.as_str()))
    }
}

impl From<Text> for String {
    fn from(text: Text) -> Self {
        text.0.as_ref().to_owned()
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_shares_the_text() {
        let text = Text::from("x".repeat(1000));
        let copy = text.clone();
        assert!(std::ptr::eq(text.as_str(), copy.as_str()));
        assert_eq!(copy, "x".repeat(1000));
        assert_eq!(String::from(copy).len(), 1000);
    }
}
