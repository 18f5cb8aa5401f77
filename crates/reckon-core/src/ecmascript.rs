//! Character classes of the ECMAScript specification that more than one tool needs: calc's lexer
//! skips this whitespace between tokens, and calculate's request check treats an expression of
//! nothing else as empty, each as JavaScript does.

/// ECMAScript WhiteSpace and LineTerminator, exactly: tab, the line and form feeds, carriage
/// return, space, no-break space, the Unicode space separators (Zs), U+2028, U+2029 and the byte
/// order mark. Not U+0085, U+180E or U+200B, which JavaScript does not count.
pub fn is_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{9}'..='\u{d}'
            | ' '
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
            | '\u{feff}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_exactly_the_ecmascript_set() {
        // Every character below U+10000 that JavaScript's `/\s/` matches, and nothing else.
        let javascript = [
            0x9, 0xa, 0xb, 0xc, 0xd, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
            0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
            0xfeff,
        ];
        for code in 0..0x10000u32 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            assert_eq!(is_whitespace(c), javascript.contains(&code), "U+{code:04X}");
        }
    }
}
